import { Alert, Anchor, Skeleton, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconCreditCard, IconHistory, IconNotes } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { BookingHistoryTab } from './BookingHistoryTab';
import { NotesTab } from './NotesTab';
import { PassengerFormModal } from './PassengerFormModal';
import { PassengerHeader } from './PassengerHeader';
import { PassengerOverviewTab } from './PassengerOverviewTab';
import { SavedCardsTab } from './SavedCardsTab';

/** One passenger: the header with what the office can do, and the tabs of the spec. */
export function PassengerProfilePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string | null>('overview');
  // The list call narrowed to one id is the passenger's record (the spec has no separate "get").
  const result = useCall('Passenger/GetTableSummary', { id: valid ? id : 1, perPage: 1 }, { enabled: valid });
  const passenger = result.data?.data[0];

  if (!valid || (result.data && !passenger) || result.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('passengers.notFoundTitle')}>
        {result.error ? messageOf(result.error) : t('passengers.notFound')}{' '}
        <Anchor component={Link} to="/passengers">
          {t('passengers.backToList')}
        </Anchor>
      </Alert>
    );
  }
  if (!passenger) return <Skeleton h={160} radius="md" />;

  return (
    <>
      <PassengerHeader passenger={passenger} onEdit={() => setEditing(true)} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} />}>
            {t('passengers.tabs.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            {t('passengers.tabs.history')}
          </Tabs.Tab>
          <Tabs.Tab value="cards" leftSection={<IconCreditCard size={16} />}>
            {t('passengers.tabs.cards')}
          </Tabs.Tab>
          <Tabs.Tab value="notes" leftSection={<IconNotes size={16} />}>
            {t('passengers.tabs.notes')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <PassengerOverviewTab id={passenger.id} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <BookingHistoryTab id={passenger.id} />
        </Tabs.Panel>
        <Tabs.Panel value="cards">
          <SavedCardsTab name={passenger.name} />
        </Tabs.Panel>
        <Tabs.Panel value="notes">
          <NotesTab id={passenger.id} />
        </Tabs.Panel>
      </Tabs>
      <PassengerFormModal opened={editing} passenger={passenger} onClose={() => setEditing(false)} />
    </>
  );
}
