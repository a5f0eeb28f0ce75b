import { notifications } from '@mantine/notifications';
import { messageOf } from '../api/errors';

/** Failures appear as notifications carrying the server's own message. */
export function notifyError(title: string, error: unknown): void {
  notifications.show({ color: 'red', title, message: messageOf(error), autoClose: 8000 });
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ color: 'teal', title, message: message ?? '', autoClose: 4000 });
}
