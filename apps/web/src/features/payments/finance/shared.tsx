import { Alert, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { format } from '@cabdesk/money';
import { useTranslation } from 'react-i18next';

/** Minor units in the company currency, through the one money formatter. */
export const moneyOf = (minor: number | null | undefined, currency: string) =>
  minor === null || minor === undefined ? '—' : format({ minor, currency });

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** This month so far: what the Finance lists open on (a whole table's totals are a deliberate choice). */
export function thisMonth(): { fromDate: string; toDate: string } {
  const now = new Date();
  return { fromDate: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), toDate: isoDay(now) };
}

/** Figures as cards above a list: skeletons while they load, a sentence when they fail. */
export function FigureCards({
  figures,
  failed,
}: {
  figures: { label: string; value: string; hint?: string }[] | undefined;
  failed: boolean;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Alert color="red" role="alert" mb="md">
        {t('payments.finance.totalsFailed')}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
      {(figures ?? [0, 1, 2, 3].map(() => null)).map((f, i) =>
        f ? (
          <Paper key={f.label} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {f.label}
            </Text>
            <Text fw={700} size="xl" data-testid={`figure-${i}`}>
              {f.value}
            </Text>
            {f.hint ? (
              <Text size="xs" c="dimmed">
                {f.hint}
              </Text>
            ) : null}
          </Paper>
        ) : (
          <Skeleton key={i} h={84} radius="md" />
        ),
      )}
    </SimpleGrid>
  );
}
