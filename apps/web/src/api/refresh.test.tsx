import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { callMeta } from './call-meta';
import { useCallMutation } from './hooks';
import { staleAfter } from './refresh';

vi.mock('./client', () => ({ callApi: async () => ({ code: 200, message: 'Saved.', data: { id: 7 } }) }));

describe('what a change refreshes', () => {
  it('is every read of the change’s subject, found from the contract', () => {
    const stale = staleAfter('Driver/Update');
    for (const read of [
      'Driver/GetTableSummary',
      'Driver/GetTableSummaryDriver',
      'Driver/GetDriverStatistics',
      'Common/GetDriverUserList',
      'Driver/GetDriverList',
    ]) {
      expect(stale(read), read).toBe(true);
    }
    // Another subject, a look-up, a change, and a name the contract does not know.
    for (const other of ['Vehicle/GetTableSummary', 'Driver/GetDriverTypeList', 'Driver/Delete', 'Nothing/Here']) {
      expect(stale(other), other).toBe(false);
    }
  });

  it('follows the subject the contract declares, not the area in the name', () => {
    expect(callMeta('Common/GetPassengerList').subject).toBe('Passenger');
    expect(staleAfter('Passenger/Create')('Common/GetPassengerList')).toBe(true);
    expect(staleAfter('Passenger/Create')('Common/GetClientList')).toBe(false);
  });

  it('also reaches the second subject a call serves', () => {
    // The driver app starts its shift through the office's call; its own screens go stale.
    expect(callMeta('Driver/AddDriverShift').alsoFor).toBe('DriverApp');
    expect(staleAfter('Driver/AddDriverShift')('Booking/GetDriverStatus')).toBe(true);
  });

  it('is widened or narrowed by the call’s rule and by the caller', () => {
    expect(staleAfter('Staff/Create')('Users/GetTableSummary')).toBe(true);
    expect(staleAfter('Vehicle/Create')('Users/GetTableSummary')).toBe(false);
    const markRead = staleAfter('Driver/UpdateIsNotified');
    expect(markRead('Driver/GetDriverNotifications')).toBe(true);
    expect(markRead('Driver/GetTableSummaryDriverDrvApp')).toBe(false);
    expect(staleAfter('DriverType/Update', { also: ['Lookup'] })('Driver/GetDriverTypeList')).toBe(true);
    expect(staleAfter('DriverType/Update', { only: ['Common/GetZoneList'] })('DriverType/GetTableSummary')).toBe(false);
  });

  it('shows money applied to an invoice on the invoice itself, and a credit note on the statement too', () => {
    // The invoice page's header reads the invoice (status, left to pay); its panels read payments.
    for (const change of ['Client/ClientPayment', 'Client/AddInvoicePaymentTransaction']) {
      expect(staleAfter(change)('BookingInvoice/GetInvoiceDetails'), change).toBe(true);
      expect(staleAfter(change)('BookingInvoice/GetTableSummary'), change).toBe(true);
      expect(staleAfter(change)('Client/GetInvoiceData'), change).toBe(true);
    }
    const issued = staleAfter('CreditNote/UpdateCreditNote');
    for (const read of ['BookingInvoice/GetInvoiceDetails', 'Client/GetInvoiceData', 'Client/InvoiceDeAmount']) {
      expect(issued(read), read).toBe(true);
    }
  });
});

describe('useCallMutation', () => {
  it('marks the cached reads of the subject stale after a change, and leaves the others', async () => {
    const client = new QueryClient();
    client.setQueryData(['Driver/GetTableSummary', { page: 0 }], { data: [] });
    client.setQueryData(['Driver/GetDriverStatistics', { id: 7 }], { data: {} });
    client.setQueryData(['Vehicle/GetTableSummary', { page: 0 }], { data: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCallMutation('Driver/Update'), { wrapper });
    await act(() => result.current.mutateAsync({ id: 7, isActive: false }));
    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['Driver/GetTableSummary', { page: 0 }])).toBe(true);
    expect(invalidated(['Driver/GetDriverStatistics', { id: 7 }])).toBe(true);
    expect(invalidated(['Vehicle/GetTableSummary', { page: 0 }])).toBe(false);
  });
});
