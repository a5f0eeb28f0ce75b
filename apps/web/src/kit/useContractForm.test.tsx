import { TextInput } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { FormShell } from './FormShell';
import { calls, renderAt, resetServer } from './test-utils';
import { useContractForm } from './useContractForm';

vi.mock('../api/client', () => import('./test-utils').then((m) => m.clientMock));

const invalid = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

type Values = { firstName: string; lastName: string; email: string };
const blank: Values = { firstName: '', lastName: '', email: '' };

/** A driver form of three fields, built from the kit as a kind's form is. */
function DriverForm({ record, onSaved }: { record: { id: number } | null; onSaved?: (saved: unknown) => void }) {
  const kit = useContractForm(
    'Driver/Create',
    'Driver/Update',
    { create: (v: Values) => v, update: (v, r) => ({ ...v, id: r.id }) },
    { record, initialValues: blank, onSaved },
  );
  return (
    <FormShell kit={kit} onCancel={() => undefined}>
      <TextInput label="First name" {...kit.form.getInputProps('firstName')} />
      <TextInput label="Last name" {...kit.form.getInputProps('lastName')} />
      <TextInput label="E-mail" {...kit.form.getInputProps('email')} />
    </FormShell>
  );
}

describe('useContractForm', () => {
  beforeEach(() => resetServer({}));
  afterEach(cleanup);

  it('checks the fields with the create call’s own schema and sends nothing while they fail', async () => {
    renderAt(<DriverForm record={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Driver/Create requires both names: the contract's words, beside each field.
    await waitFor(() => expect(invalid('First name')).toBe(true));
    expect(invalid('Last name')).toBe(true);
    expect(screen.getAllByText('is required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('puts the server’s field errors on their fields and lists the ones the form does not show', async () => {
    resetServer({
      'Driver/Create': () => {
        throw new ApiError(400, 'Check the fields.', [
          { field: 'email', message: 'is already used by another driver' },
          { field: 'bankSortCode', message: 'must be 6 digits' },
        ]);
      },
    });
    renderAt(<DriverForm record={null} />);
    type('First name', 'Amira');
    type('Last name', 'Khan');
    type('E-mail', 'amira@cab.test');
    fireEvent.submit(screen.getByLabelText('E-mail'));

    await screen.findByText('is already used by another driver');
    expect(invalid('E-mail')).toBe(true);
    expect(invalid('First name')).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain('bankSortCode must be 6 digits');
    expect(calls).toEqual([
      { name: 'Driver/Create', input: { firstName: 'Amira', lastName: 'Khan', email: 'amira@cab.test' } },
    ]);
  });

  it('shows the server’s people message on its field and in the list, not the payload path', async () => {
    resetServer({
      'Driver/Create': () => {
        throw new ApiError(400, 'E-mail is already used by another driver; Bank sort code must be 6 digits', [
          {
            field: 'email',
            message: 'E-mail is already used by another driver',
            rule: 'is already used by another driver',
          },
          { field: 'bankSortCode', message: 'Bank sort code must be 6 digits', rule: 'must be 6 digits' },
        ]);
      },
    });
    renderAt(<DriverForm record={null} />);
    type('First name', 'Amira');
    type('Last name', 'Khan');
    type('E-mail', 'amira@cab.test');
    fireEvent.submit(screen.getByLabelText('E-mail'));

    await screen.findByText('E-mail is already used by another driver');
    expect(invalid('E-mail')).toBe(true);
    const listed = screen.getByRole('alert').textContent ?? '';
    expect(listed).toContain('Bank sort code must be 6 digits');
    expect(listed).not.toContain('bankSortCode');
  });

  it('sends an existing record through the update call with its id, and hands back what was saved', async () => {
    const saved = vi.fn();
    resetServer({ 'Driver/Update': (input) => ({ code: 200, message: 'Saved.', data: input }) });
    renderAt(<DriverForm record={{ id: 7 }} onSaved={saved} />);
    type('First name', 'A');
    type('Last name', 'B');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ firstName: 'A', lastName: 'B', email: '', id: 7 }));
    expect(calls.map((c) => c.name)).toEqual(['Driver/Update']);
  });
});
