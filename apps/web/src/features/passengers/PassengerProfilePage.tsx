import { IconChartBar, IconCreditCard, IconHistory, IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RecordPage } from '../../kit/RecordPage';
import { OwnerStatistics } from '../statistics/OwnerStatistics';
import { BookingHistoryTab } from './BookingHistoryTab';
import { NotesTab } from './NotesTab';
import { passengerKind } from './passenger-kind';
import { PassengerHeader } from './PassengerHeader';
import { SavedCardsTab } from './SavedCardsTab';

/** One passenger: the header with what the office can do, and the tabs of the spec. */
export function PassengerProfilePage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      kind={passengerKind}
      // The list call narrowed to one id is the passenger's record (the spec has no separate "get").
      read={{ call: 'Passenger/GetTableSummary', input: (id) => ({ id, perPage: 1 }) }}
      header={(passenger) => <PassengerHeader passenger={passenger} />}
      tabs={(passenger) => [
        {
          value: 'overview',
          label: t('passengers.tabs.overview'),
          icon: <IconChartBar size={16} />,
          panel: <OwnerStatistics owner="passenger" id={passenger.id} />,
        },
        {
          value: 'history',
          label: t('passengers.tabs.history'),
          icon: <IconHistory size={16} />,
          panel: <BookingHistoryTab id={passenger.id} />,
        },
        {
          value: 'cards',
          label: t('passengers.tabs.cards'),
          icon: <IconCreditCard size={16} />,
          panel: <SavedCardsTab name={passenger.name} />,
        },
        {
          value: 'notes',
          label: t('passengers.tabs.notes'),
          icon: <IconNotes size={16} />,
          panel: <NotesTab id={passenger.id} />,
        },
      ]}
    />
  );
}
