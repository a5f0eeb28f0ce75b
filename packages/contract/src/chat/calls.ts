import { z } from 'zod';
import { area, list, mutation } from '../define';
import { noInput } from '../fields';
import {
  broadcastAnswer,
  broadcastInput,
  byDriver,
  chatMessageRow,
  conversationListInput,
  conversationRow,
  deleteChatAnswer,
  dispatcherChatInput,
  driverChatInput,
  driverSendMessageInput,
  notificationMessagesInput,
  readMarkAnswer,
  sendMessageInput,
} from './schemas';

const driverSide = 'the spec names no call for the driver to answer the office; the chat goes both ways';

/** The driver's side of the chat: a driver account reads and writes only its own conversation. */
export const driverChat = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    GetDriverChatss: list({
      input: driverChatInput,
      row: chatMessageRow,
      summary: "The signed-in driver's conversation with the office, newest first (driver accounts only).",
    }),
    SendMessage: mutation({
      verb: 'create',
      input: driverSendMessageInput,
      output: chatMessageRow,
      addedBecause: driverSide,
      summary: 'The signed-in driver writes to the office; it arrives live on every office chat screen.',
    }),
    UpdateStatusOfUnreadMessagesDriverApp: mutation({
      verb: 'update',
      input: noInput(),
      output: readMarkAnswer,
      addedBecause: driverSide,
      summary: "Marks the office's messages to the signed-in driver as read.",
    }),
  },
);

export const staffChat = area(
  'Staff',
  { subject: 'Chat' },
  {
    SendMessage: mutation({
      verb: 'create',
      input: sendMessageInput,
      output: chatMessageRow,
      summary: 'The office writes to one driver; it arrives live in the driver app and on other office screens.',
    }),
    UpdateStatusOfUnreadMessages: mutation({
      verb: 'update',
      input: noInput(),
      output: readMarkAnswer,
      summary: "Marks every driver's unread messages to the office as read.",
    }),
    UpdateStatusOfUnreadMessagesForDriver: mutation({
      verb: 'update',
      input: byDriver,
      output: readMarkAnswer.extend({ driverId: z.number() }),
      summary: "Marks one driver's unread messages to the office as read (opening the conversation).",
    }),
    UpdateStatusOfNotificationMessages: mutation({
      verb: 'update',
      input: notificationMessagesInput,
      output: readMarkAnswer,
      summary: "Marks the listed drivers' messages as read (the ones shown as notifications).",
    }),
    DeleteDriverChat: mutation({
      verb: 'delete',
      input: byDriver,
      output: deleteChatAnswer,
      summary: "Removes a driver's conversation from both sides (kept in the database, marked deleted).",
    }),
    SendBroadCastMessageToAllActiveDriver: mutation({
      verb: 'create',
      input: broadcastInput,
      output: broadcastAnswer,
      summary: 'Sends one message to every switched-on driver: one row per driver, marked as a broadcast.',
    }),
    GetDispatcherChatss: list({
      input: dispatcherChatInput,
      row: chatMessageRow,
      summary: "One driver's conversation with the office, newest first.",
    }),
    GetTableSummaryDispatcherChatsList: list({
      input: conversationListInput,
      row: conversationRow,
      summary:
        'The conversations: switched-on drivers and any driver with messages, with the last message and unread count; q searches name and callsign.',
    }),
  },
);
