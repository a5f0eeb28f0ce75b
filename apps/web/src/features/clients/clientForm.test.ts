import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { inputSchemasOf } from '../../api/call-schema';
import { checkWith } from '../../kit/place-errors';
import { type Client, type ClientFormValues, emptyClient, toInput, toggleEvent, valuesOf } from './clientForm';

const inputSchemaOf = await inputSchemasOf('Client/Create', 'Client/CreateChild');

/** What the form says as people type: the create call's rules (a child's own call for a child account). */
const validateClient = (isChild: boolean) => (values: ClientFormValues) =>
  checkWith(inputSchemaOf(isChild ? 'Client/CreateChild' : 'Client/Create'), toInput(values), values).byField;

const client: Client = {
  id: 7,
  accountNo: 'ACME',
  name: 'Acme',
  contactName: null,
  email: 'desk@acme.test',
  phone: null,
  address: null,
  postcode: null,
  vatNumber: null,
  clientTypeId: 2,
  clientTypeName: 'Corporate',
  parentClientId: null,
  parentName: null,
  childCount: 1,
  isActive: true,
  invoicePeriod: 'weekly',
  invoiceSplit: 'single',
  invoiceGroup: 'own',
  taxId: null,
  taxName: null,
  paymentMethod: 'account',
  currency: 'GBP',
  pricingModelId: null,
  pricingModelName: null,
  pricingMode: 'zone',
  graceWaitingMinutes: 15,
  priority: 3,
  representativeStaffId: null,
  representativeName: null,
  creditLimitMinor: 50000,
  notifications: { sms: ['arrival'], email: [], phoneCall: ['arrival'] },
  notes: null,
  tags: [{ id: 4, name: 'VIP', colour: '#ff0000' }],
  photoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the client form', () => {
  it('turns a client into form values and back into what the server stores', () => {
    const parsed = schemas.clientUpdateFields.parse({ ...toInput(valuesOf(client)), id: client.id });
    expect(parsed).toMatchObject({
      id: 7,
      accountNo: 'ACME',
      contactName: null,
      clientTypeId: 2,
      graceWaitingMinutes: 15,
      priority: 3,
      pricingMode: 'zone',
      creditLimitMinor: 50000,
      notifications: client.notifications,
      tagIds: [4],
    });
  });

  it('accepts an empty new client except for its name, and names bad fields', () => {
    const validate = validateClient(false);
    expect(validate(emptyClient())).toEqual({ name: 'is required' });
    expect(validate({ ...emptyClient(), name: 'A', email: 'nope' })).toEqual({
      email: 'must be a valid e-mail address',
    });
    expect(validate({ ...emptyClient(), name: 'A', invoiceGroup: 'parent' })).toEqual({
      invoiceGroup: 'can be "parent" only for a child account',
    });
  });

  it('starts a child account under its parent, invoiced through it', () => {
    const child = emptyClient(7);
    expect(child).toMatchObject({ parentClientId: 7, invoiceGroup: 'parent' });
    expect(validateClient(true)({ ...child, name: 'Acme Legal' })).toEqual({});
    expect(validateClient(true)({ ...child, name: 'Acme Legal', parentClientId: null })).toEqual({
      parentClientId: 'is required',
    });
  });

  it('switches one event of one channel', () => {
    const start = { sms: ['arrival'], email: [], phoneCall: [] };
    expect(toggleEvent(start, 'sms', 'completion', true).sms).toEqual(['arrival', 'completion']);
    expect(toggleEvent(start, 'sms', 'arrival', false).sms).toEqual([]);
    expect(toggleEvent(start, 'email', 'arrival', true)).toEqual({
      sms: ['arrival'],
      email: ['arrival'],
      phoneCall: [],
    });
  });
});
