import { handlers } from '../../platform/http/context';
import { forbidden } from '../../platform/http/errors';
import type { Session } from '../../platform/auth/tokens';
import { listConversations } from './conversations';
import { listMessages } from './messages';
import { broadcast, chatDriver, deleteChat, markNotificationsRead, markRead, writeMessage } from './write';

/** The driver behind a driver account; the driver-side calls serve no one else. */
function ownDriver(session: Session): number {
  if (session.kind !== 'driver' || !session.personId) {
    throw forbidden("This is the driver app's own chat; the office uses Staff/GetDispatcherChatss.");
  }
  return session.personId;
}

export const chatHandlers = handlers({
  'Staff/SendMessage': async (input, ctx) => {
    await chatDriver(ctx, input.driverId);
    const data = await writeMessage(ctx, { ...input, fromDriver: false });
    return { data, message: 'Message sent.' };
  },
  'Staff/SendBroadCastMessageToAllActiveDriver': async (input, ctx) => {
    const data = await broadcast(ctx, input.message);
    return { data, message: `Message sent to ${data.sent} driver${data.sent === 1 ? '' : 's'}.` };
  },
  'Staff/UpdateStatusOfUnreadMessages': async (_input, ctx) => {
    const data = await markRead(ctx, { fromDriver: true });
    return { data, message: 'Messages marked as read.' };
  },
  'Staff/UpdateStatusOfUnreadMessagesForDriver': async (input, ctx) => {
    await chatDriver(ctx, input.driverId);
    const data = await markRead(ctx, { fromDriver: true, driverId: input.driverId });
    return { data: { ...data, driverId: input.driverId }, message: 'Messages marked as read.' };
  },
  'Staff/UpdateStatusOfNotificationMessages': async (input, ctx) => {
    const data = await markNotificationsRead(ctx, input.ids);
    return { data, message: 'Messages marked as read.' };
  },
  'Staff/DeleteDriverChat': async (input, ctx) => {
    const data = await deleteChat(ctx, input.driverId);
    return { data, message: 'Chat deleted.' };
  },
  'Staff/GetDispatcherChatss': async (input, ctx) => {
    await chatDriver(ctx, input.driverId);
    return listMessages(ctx, input.driverId, input);
  },
  'Staff/GetTableSummaryDispatcherChatsList': (input, ctx) => listConversations(ctx, input),

  'Driver/GetDriverChatss': (input, ctx) => listMessages(ctx, ownDriver(ctx.session), input),
  'Driver/SendMessage': async (input, ctx) => {
    const data = await writeMessage(ctx, { ...input, driverId: ownDriver(ctx.session), fromDriver: true });
    return { data, message: 'Message sent.' };
  },
  'Driver/UpdateStatusOfUnreadMessagesDriverApp': async (_input, ctx) => {
    const data = await markRead(ctx, { fromDriver: false, driverId: ownDriver(ctx.session) });
    return { data, message: 'Messages marked as read.' };
  },
});
