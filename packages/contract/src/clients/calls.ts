import { area, planned } from '../define';

export const commonClient = area(
  'Common',
  { subject: 'Client' },
  {
    GetClientImage: planned(),
    UploadImageClient: planned(),
    GetClientList: planned(),
    GetClientListWithSearch: planned(),
    GetSearchedClient: planned(),
  },
);

export const clientClient = area(
  'Client',
  { subject: 'Client' },
  {
    Create: planned(),
    CreateChild: planned(),
    Update: planned(),
    Delete: planned(),
    GetTableSummary: planned(),
    GetClientTypeList: planned(),
    GetClientListForParents: planned(),
    GetTopClient: planned(),
    GetClientStatistics: planned(),
    GetClientBookingCount: planned(),
    GetClientWeekDays: planned(),
    GetClientBookingTrends: planned(),
    GetClientNote: planned(),
    GetClientSMSList: planned({
      addedBecause:
        'the spec lists "the SMS, email, phone-call, representative and tag lists" of a client without names',
    }),
    GetClientEmailList: planned({
      addedBecause:
        'the spec lists "the SMS, email, phone-call, representative and tag lists" of a client without names',
    }),
    GetClientPhoneCallList: planned({
      addedBecause:
        'the spec lists "the SMS, email, phone-call, representative and tag lists" of a client without names',
    }),
    GetClientRepresentativeList: planned({
      addedBecause:
        'the spec lists "the SMS, email, phone-call, representative and tag lists" of a client without names',
    }),
    GetClientTagList: planned({
      addedBecause:
        'the spec lists "the SMS, email, phone-call, representative and tag lists" of a client without names',
    }),
    GetRefClientReferenceTypeList: planned(),
  },
);
