import { IconChartBar, IconCreditCard, IconHistory, IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { RecordPage } from '../../kit/RecordPage';
import { PassengerCardsPanel } from '../payments/CardsPanel';
import { OwnerStatistics } from '../statistics/OwnerStatistics';
import { BookingHistoryTab } from './BookingHistoryTab';
import { NotesTab } from './NotesTab';
import { passengerKind } from './passenger-kind';
import { PassengerHeader } from './PassengerHeader';

/** One passenger: the header with what the office can do, and the tabs of the spec. */
export function PassengerProfilePage() {
  const { t } = useTranslation();
  const canCall = useCanCall();
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
        ...(canCall('Passenger/GetPassengerCreditCardList')
          ? [
              {
                value: 'cards',
                label: t('passengers.tabs.cards'),
                icon: <IconCreditCard size={16} />,
                panel: <PassengerCardsPanel id={passenger.id} />,
              },
            ]
          : []),
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
