import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, renderAt, resetServer } from '../../kit/test-utils';
import { ModelEditor } from './ModelEditor';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const NAME = /^Name/;
const type = (label: string | RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const bandRows = () => screen.getAllByTestId(/^band-\d+$/);
const bands = () =>
  bandRows().map((_, i) => [
    input(`Band ${i + 1} from km`).value,
    input(`Band ${i + 1} to km`).value,
    input(`Band ${i + 1} rate per km`).value,
  ]);
/** The message beside a field (Mantine ties it to the input with aria-describedby). */
const errorOf = (label: string) => {
  const described = input(label).getAttribute('aria-describedby') ?? '';
  return described
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
};

describe('the mileage-step table of a standard model', () => {
  beforeEach(() => resetServer({}));
  afterEach(cleanup);

  it('adds bands where the last one ends, moves them up and down and removes them', () => {
    renderAt(<ModelEditor kind="standard" record={null} />);
    expect(bands()).toEqual([['0', '', '']]);
    type('Band 1 rate per km', '2.00');
    click('Add a band');
    type('Band 2 rate per km', '1.50');
    click('Add a band');
    type('Band 3 rate per km', '1.00');
    expect(bands()).toEqual([
      ['0', '10', '2.00'],
      ['10', '20', '1.50'],
      ['20', '', '1.00'],
    ]);
    click('Move band 3 up');
    expect(bands().map((b) => b[2])).toEqual(['2.00', '1.00', '1.50']);
    click('Move band 1 down');
    expect(bands().map((b) => b[2])).toEqual(['1.00', '2.00', '1.50']);
    expect((screen.getByRole('button', { name: 'Move band 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    click('Remove band 2');
    expect(bands()).toEqual([
      ['20', '', '1.00'],
      ['10', '20', '1.50'],
    ]);
  });

  it('shows the engine’s own messages on the cell they are about and sends nothing', async () => {
    renderAt(<ModelEditor kind="standard" record={null} />);
    type(NAME, 'City');
    type('Band 1 rate per km', '2.00');
    click('Add a band');
    click('Add a band');
    // Band 2 starts inside band 1 (which ends at 10 km); band 3 leaves a gap after band 2 (ends at 20).
    type('Band 2 from km', '5');
    type('Band 3 from km', '25');
    click('Make the model');
    await waitFor(() => expect(input('Band 2 from km').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf('Band 2 from km')).toContain('overlaps the band above, which ends at 10 km');
    expect(errorOf('Band 3 from km')).toContain('leaves a gap after the band above, which ends at 20 km');
    expect(input('Band 1 from km').getAttribute('aria-invalid')).not.toBe('true');
    expect(calls.filter((c) => c.name === 'Pricing/Create')).toHaveLength(0);
    // The curve names the first field the engine refused and draws nothing.
    expect(within(screen.getByTestId('fare-curve')).getByTestId('curve-problem').textContent).toContain(
      'Mileage step 2 from km overlaps the band above',
    );
  });

  it('says a rate that is not an amount, and sends the model in minor units when it is right', async () => {
    resetServer({ 'Pricing/Create': (i) => ({ code: 200, message: 'Made.', data: { ...i, id: 5 } }) });
    renderAt(<ModelEditor kind="standard" record={null} />);
    type(NAME, 'City');
    type('Band 1 rate per km', '-2');
    click('Make the model');
    await waitFor(() => expect(errorOf('Band 1 rate per km')).toContain('must be an amount like 12.50'));
    type('Band 1 rate per km', '2.5');
    type('Base fare', '3');
    // The curve's table as the form stands: 5 km at £3.00 + 5 × £2.50.
    expect(within(screen.getByTestId('curve-table')).getByText('£15.50')).toBeTruthy();
    click('Make the model');
    await waitFor(() => expect(calls.map((c) => c.name)).toContain('Pricing/Create'));
    const sent = calls.find((c) => c.name === 'Pricing/Create')?.input as Record<string, unknown>;
    expect(sent).toMatchObject({
      kind: 'standard',
      name: 'City',
      baseFare: 300,
      mileageSteps: [{ fromKm: 0, toKm: null, ratePerKm: 250 }],
      isDefault: false,
      isActive: true,
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pricing/5'));
  });
});
