import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemas } from '@cabdesk/contract';
import { calls, renderAt, resetServer } from '../../kit/test-utils';
import { TemplateEditor } from './TemplateEditor';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));
afterEach(cleanup);

const defaults = schemas.templateKinds.map((kind) => ({
  kind,
  ...schemas.defaultTemplates[kind],
  isDefault: true,
  placeholders: [...schemas.templatePlaceholders[kind]],
}));

describe('the template editor', { timeout: 30_000 }, () => {
  it('previews the text with sample facts as it is typed and saves the template', async () => {
    resetServer({
      'EmailSettings/Update': (input) => {
        const [sent] = input.templates as { kind: string; subject: string; body: string }[];
        return {
          code: 200,
          message: 'E-mail settings saved.',
          data: { templates: defaults.map((t) => (t.kind === sent!.kind ? { ...t, ...sent, isDefault: false } : t)) },
        };
      },
    });
    renderAt(<TemplateEditor templates={defaults} />);
    expect(screen.getByTestId('preview-subject').textContent).toBe('Booking 10482 confirmed for Fri 4 Dec 2026, 09:30');
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Ride {bookingId} for {passengerName}' } });
    expect(screen.getByTestId('preview-subject').textContent).toBe('Ride 10482 for Alex Morgan');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'EmailSettings/Update')).toBe(true));
    expect(calls.find((c) => c.name === 'EmailSettings/Update')?.input).toMatchObject({
      templates: [{ kind: 'confirmation', subject: 'Ride {bookingId} for {passengerName}' }],
    });
  });

  it('names an unknown placeholder on its field and will not save it', () => {
    resetServer({});
    renderAt(<TemplateEditor templates={defaults} />);
    fireEvent.change(screen.getByLabelText(/^Text/), { target: { value: 'Fare {fare} today' } });
    expect(screen.getByText('names an unknown placeholder {fare}')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: '{driverName} waits {minutes} minutes' } });
    expect(screen.getByText('names an unknown placeholder {minutes}')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save template' }).hasAttribute('disabled')).toBe(true);
  });
});
