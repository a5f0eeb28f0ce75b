import { z } from 'zod';
import { flag, id, listInput, optionalRef, requiredText } from '../fields';

export const CHAT_MESSAGE_MAX = 2000;

/** The text of one message: trimmed, not empty, at most 2000 characters. */
export const chatText = () => requiredText(CHAT_MESSAGE_MAX);

/** One message between the office and a driver; `readAt` is when the other side read it. */
export const chatMessageRow = z.object({
  id: z.number(),
  driverId: z.number(),
  fromDriver: z.boolean().describe('true: the driver wrote it; false: the office did'),
  staffUserId: z.number().nullable().describe('The office user who wrote it (null for the driver)'),
  senderName: z.string(),
  message: z.string(),
  isBroadcast: z.boolean(),
  bookingId: z.number().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The messages of one conversation: newest first unless sortType asc. */
const messageListShape = {
  sortColumn: z.enum(['createdAt'], { error: 'must be one of: createdAt' }).optional(),
};

/** Staff/GetDispatcherChatss: one driver's conversation as the office sees it. */
export const dispatcherChatInput = listInput({ ...messageListShape, driverId: id() });

/** Driver/GetDriverChatss: the signed-in driver's own conversation with the office. */
export const driverChatInput = listInput(messageListShape);

export const conversationSortColumns = ['lastMessageAt', 'driverName', 'unreadCount'] as const;

/** Staff/GetTableSummaryDispatcherChatsList: active drivers (and any with messages) as conversations. */
export const conversationListInput = listInput({
  sortColumn: z
    .enum(conversationSortColumns, { error: `must be one of: ${conversationSortColumns.join(', ')}` })
    .optional(),
  onlyUnread: flag().optional(),
});

export const conversationRow = z.object({
  driverId: z.number(),
  driverName: z.string(),
  callsign: z.string().nullable(),
  availability: z.number().describe('1 available, 2 busy, 3 offline, 4 on break'),
  isActive: z.boolean(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastFromDriver: z.boolean().nullable(),
  unreadCount: z.number().describe("The driver's messages the office has not read"),
});

/** Staff/SendMessage: the office writes to one driver. */
export const sendMessageInput = z.object({
  driverId: id(),
  message: chatText(),
  bookingId: optionalRef().describe('A booking the message is about (0 or left out: none)'),
});

/** Driver/SendMessage: the signed-in driver writes to the office. */
export const driverSendMessageInput = z.object({
  message: chatText(),
  bookingId: optionalRef(),
});

export const broadcastInput = z.object({ message: chatText() });
export const broadcastAnswer = z.object({
  sent: z.number().describe('How many drivers received it (one message row each)'),
  driverIds: z.array(z.number()),
});

export const byDriver = z.object({ driverId: id() });

export const readMarkAnswer = z.object({
  updated: z.number().describe('How many messages were marked read'),
  readAt: z.string(),
});

export const notificationMessagesInput = z.object({
  ids: z
    .array(id(), { error: 'must be a list of message ids' })
    .min(1, 'must name at least one message')
    .max(500, 'must name at most 500 messages'),
});

export const deleteChatAnswer = z.object({
  driverId: z.number(),
  deleted: z.number().describe('How many messages were removed from the conversation'),
});
