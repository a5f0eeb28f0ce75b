import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ListSkeleton, LoadFailed } from '../account/screen';
import { JobCard } from './JobCard';
import { type DayRange, localToday, rangeOf, type RangeChip } from './time';
import { useHistory } from './useHistory';

const chips: RangeChip[] = ['thisWeek', 'lastWeek', 'thisMonth'];
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The period in the address (?from=&to=), this week when none is given. */
function useRange(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = isDay(from) && isDay(to) ? { fromDate: from, toDate: to } : rangeOf('thisWeek');
  const setRange = (next: DayRange) =>
    setParams(
      (p) => {
        p.set('from', next.fromDate);
        p.set('to', next.toDate);
        return p;
      },
      { replace: true },
    );
  return [range, setRange];
}

/** The driver's done jobs (completed, no-show) in a period, newest first, a page at a time. */
export function HistoryTab() {
  const { t } = useTranslation();
  const [range, setRange] = useRange();
  const valid = range.fromDate <= range.toDate;
  const history = useHistory(valid ? range : null);
  const today = localToday();
  const chosen = chips.find((c) => {
    const r = rangeOf(c, today);
    return r.fromDate === range.fromDate && r.toDate === range.toDate;
  });
  const pages = history.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.data);
  const count = pages[0]?.count ?? 0;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={3} spacing="xs" role="group" aria-label={t('driver-app.jobs.history.period')}>
        {chips.map((c) => (
          <Button
            key={c}
            h={44}
            px={4}
            radius="xl"
            variant={chosen === c ? 'filled' : 'default'}
            aria-pressed={chosen === c}
            onClick={() => setRange(rangeOf(c, today))}
          >
            {t(`driver-app.jobs.history.${c}`)}
          </Button>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          type="date"
          label={t('driver-app.jobs.history.from')}
          value={range.fromDate}
          max={range.toDate}
          onChange={(e) => isDay(e.currentTarget.value) && setRange({ ...range, fromDate: e.currentTarget.value })}
          size="md"
        />
        <TextInput
          type="date"
          label={t('driver-app.jobs.history.to')}
          value={range.toDate}
          min={range.fromDate}
          onChange={(e) => isDay(e.currentTarget.value) && setRange({ ...range, toDate: e.currentTarget.value })}
          error={valid ? undefined : t('driver-app.jobs.history.toBeforeFrom')}
          size="md"
        />
      </SimpleGrid>
      {!valid ? null : history.error && !history.data ? (
        <LoadFailed title={t('driver-app.jobs.history.failed')} error={history.error} onRetry={history.refetch} />
      ) : !history.data ? (
        <ListSkeleton rows={4} height={120} />
      ) : !rows.length ? (
        <EmptyState
          icon={<IconHistory size={28} />}
          title={t('driver-app.jobs.history.emptyTitle')}
          text={t('driver-app.jobs.history.emptyText')}
        />
      ) : (
        <Stack gap="sm" data-testid="history-jobs" aria-busy={history.isFetching}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('driver-app.jobs.history.shown', { shown: rows.length, count })}
          </Text>
          {rows.map((job) => (
            <JobCard key={job.id} job={job} kind="history" />
          ))}
          {history.error ? (
            <LoadFailed
              title={t('driver-app.jobs.history.moreFailed')}
              error={history.error}
              onRetry={history.fetchNextPage}
            />
          ) : null}
          {history.hasNextPage ? (
            <Button
              variant="light"
              size="md"
              fullWidth
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t('driver-app.jobs.history.loadMore')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
