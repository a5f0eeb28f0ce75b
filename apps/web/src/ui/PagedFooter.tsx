import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a hand-made keyboard list (booking validation, driver expenses): the count, a spinner
 * while it reloads, and previous / "page n of m" / next. `ns` names the feature's own words
 * (`count`, `previousPage`, `page`, `nextPage`).
 */
export function PagedFooter({
  ns,
  count,
  fetching,
  page,
  pages,
  onPage,
}: {
  ns: string;
  count: number;
  fetching: boolean;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" p="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t(`${ns}.count`, { count })}
        {fetching ? <Loader size="xs" ml="xs" aria-hidden /> : null}
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={page === 0} onClick={() => onPage(page - 1)}>
          {t(`${ns}.previousPage`)}
        </Button>
        <Text size="sm">{t(`${ns}.page`, { page: page + 1, pages })}</Text>
        <Button size="xs" variant="default" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          {t(`${ns}.nextPage`)}
        </Button>
      </Group>
    </Group>
  );
}
