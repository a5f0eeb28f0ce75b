import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { type Breakdown, PriceBreakdown } from './PriceBreakdown';

const breakdown: Breakdown = {
  items: [
    { code: 'base', label: 'Base fare', amount: 300, detail: 'includes the first 2 km' },
    { code: 'distance', label: 'Distance', amount: 1250, detail: '8 km at £2.00, 2 km at £1.50' },
    { code: 'peak', label: 'Night', amount: 775, detail: '× 1.5' },
  ],
  considered: [
    { kind: 'fixedPrice', id: null, name: null, matched: false, why: 'the company has no fixed-price table' },
    { kind: 'clientModel', id: 3, name: 'Acme contract', matched: true, why: 'client 12 is priced by it' },
    { kind: 'peakTime', id: 1, name: 'Night', matched: true, why: 'Friday 22:00–05:00 covers 23:30' },
  ],
  pricedBy: { kind: 'standard', id: 3, version: 2, name: 'Acme contract', via: 'clientModel' },
  net: 1938,
  vat: 387,
  price: 2325,
};

afterEach(cleanup);

describe('PriceBreakdown', () => {
  it('lists each line in the company currency, then net, VAT and total, and names the rule that priced it', () => {
    render(
      <MantineProvider>
        <PriceBreakdown breakdown={breakdown} currency="GBP" />
      </MantineProvider>,
    );
    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('Base fareincludes the first 2 km£3.00');
    expect(rows).toContain('Distance8 km at £2.00, 2 km at £1.50£12.50');
    expect(rows).toContain('Net£19.38');
    expect(rows).toContain('VAT£3.87');
    expect(screen.getByTestId('breakdown-total').textContent).toBe('£23.25');
    expect(screen.getByText('Priced by Acme contract (version 2): Client’s model')).toBeTruthy();
  });

  it('keeps the rules considered folded until asked, each with whether it applied and why', () => {
    render(
      <MantineProvider>
        <PriceBreakdown breakdown={breakdown} currency="EUR" />
      </MantineProvider>,
    );
    const toggle = screen.getByRole('button', { name: '3 rules considered' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Fixed price: the company has no fixed-price table/)).toBeTruthy();
    expect(screen.getByText(/Client’s model · Acme contract: client 12 is priced by it/)).toBeTruthy();
    expect(screen.getAllByText('did not apply')).toHaveLength(1);
    expect(screen.getAllByText('applied')).toHaveLength(2);
    expect(screen.getByTestId('breakdown-total').textContent).toBe('€23.25');
  });
});
