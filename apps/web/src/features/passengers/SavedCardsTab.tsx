import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Saved cards are read-only here and none exist yet: the passenger saves them when paying by card. */
export function SavedCardsTab({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="saved-cards-empty">
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconCreditCard size={26} />
        </ThemeIcon>
        <Title order={4}>{t('passengers.cards.emptyTitle')}</Title>
        <Text c="dimmed" ta="center" maw={460}>
          {t('passengers.cards.emptyBody', { name })}
        </Text>
      </Stack>
    </Paper>
  );
}
