import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Screen } from '../account/screen';
import { HistoryTab } from './HistoryTab';
import { UpcomingTab } from './UpcomingTab';
import { WeekTab } from './WeekTab';

const tabs = ['upcoming', 'history', 'week'] as const;
type Tab = (typeof tabs)[number];
const isTab = (v: string | null): v is Tab => tabs.includes(v as Tab);

/** /driver/jobs: the driver's jobs to come, done, and by week (?tab= keeps the choice across visits). */
export function JobsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'upcoming';
  return (
    <Screen title={t('driver-app.jobs.title')}>
      <SegmentedControl
        fullWidth
        size="md"
        radius="xl"
        value={tab}
        onChange={(v) =>
          setParams(
            (p) => {
              p.set('tab', v);
              return p;
            },
            { replace: true },
          )
        }
        data={tabs.map((value) => ({ value, label: t(`driver-app.jobs.tab.${value}`) }))}
        aria-label={t('driver-app.jobs.tabs')}
      />
      {tab === 'upcoming' ? <UpcomingTab /> : tab === 'history' ? <HistoryTab /> : <WeekTab />}
    </Screen>
  );
}
