import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router';

/**
 * "Alice Walker was added" with a link to her profile. Notifications live outside the router, so
 * the link navigates through the page's own navigate function.
 */
export function notifyAdded(passenger: { id: number; name: string }, t: TFunction, navigate: NavigateFunction) {
  const href = `/passengers/${passenger.id}`;
  notifications.show({
    color: 'teal',
    title: t('passengers.added'),
    autoClose: 8000,
    message: (
      <Text size="sm">
        {t('passengers.addedMessage', { name: passenger.name })}{' '}
        <Anchor
          href={href}
          size="sm"
          onClick={(event) => {
            event.preventDefault();
            navigate(href);
          }}
        >
          {t('passengers.openProfile')}
        </Anchor>
      </Text>
    ),
  });
}
