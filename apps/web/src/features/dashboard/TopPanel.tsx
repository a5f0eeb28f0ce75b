import type { CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { TopList } from '../statistics/TopList';
import { Panel } from './Panel';

/** The busiest drivers or clients of the range, each linked to its profile. */
export function TopPanel({
  who,
  filters,
}: {
  who: 'driver' | 'client';
  filters: CallInput<'Dashboard/GetDashboardTopDriver'>;
}) {
  const { t } = useTranslation();
  const top = useCall(
    who === 'driver' ? 'Dashboard/GetDashboardTopDriver' : 'Dashboard/GetDashboardTopClient',
    filters,
  );
  const title = t(who === 'driver' ? 'dashboard.topDrivers' : 'dashboard.topClients');
  if (top.error)
    return (
      <Panel title={title} query={top}>
        {() => null}
      </Panel>
    );
  return (
    <div data-testid={`panel-top-${who}s`} style={{ height: '100%' }}>
      <TopList title={title} rows={top.data?.data} hrefOf={(id) => `/${who}s/${id}`} />
    </div>
  );
}
