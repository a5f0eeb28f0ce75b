import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { messageOf } from '../api/errors';

/** The close button is named for screen readers (WCAG 4.1.2). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('form.close') });

/** Failures appear as notifications carrying the server's own message. */
export function notifyError(title: string, error: unknown): void {
  notifications.show({
    color: 'red',
    title,
    message: messageOf(error),
    autoClose: 8000,
    closeButtonProps: closeButtonProps(),
  });
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({
    color: 'teal',
    title,
    message: message ?? '',
    autoClose: 4000,
    closeButtonProps: closeButtonProps(),
  });
}
