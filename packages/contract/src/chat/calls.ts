import { area, planned } from '../define';

export const driverChat = area(
  'Driver',
  { subject: 'Chat' },
  {
    GetDriverChatss: planned(),
  },
);

export const staffChat = area(
  'Staff',
  { subject: 'Chat' },
  {
    SendMessage: planned(),
    UpdateStatusOfUnreadMessages: planned(),
    UpdateStatusOfUnreadMessagesForDriver: planned(),
    UpdateStatusOfNotificationMessages: planned(),
    DeleteDriverChat: planned(),
    SendBroadCastMessageToAllActiveDriver: planned(),
    GetDispatcherChatss: planned(),
    GetTableSummaryDispatcherChatsList: planned(),
  },
);
