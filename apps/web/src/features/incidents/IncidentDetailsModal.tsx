import { Alert, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { dateTime } from '../../ui/format';
import { BookingCell, PersonCell } from './BookingCell';
import { IncidentStatusBadge } from './StatusBadge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Everything about one incident (Incident/GetIncidentDetails). */
export function IncidentDetailsModal({ incidentId, onClose }: { incidentId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useCall('Incident/GetIncidentDetails', { id: incidentId ?? 0 }, { enabled: incidentId !== null });
  const d = incidentId !== null ? details.data?.data : undefined;
  return (
    <Modal
      opened={incidentId !== null}
      onClose={onClose}
      title={t('incidents.detailsTitle', { id: incidentId ?? '' })}
      size="lg"
    >
      {details.isPending ? <Loader size="sm" /> : null}
      {details.error ? <Alert color="red">{messageOf(details.error)}</Alert> : null}
      {d ? (
        <Stack>
          <Group justify="space-between">
            <Text fw={600}>{t(`incidents.category.${d.category}`, d.categoryDescription)}</Text>
            <IncidentStatusBadge status={d.status} name={d.name} closedAt={d.closedAt} actionTaken={d.actionTaken} />
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{d.description}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label={t('incidents.column.date')}>{dateTime(d.entryDate)}</Field>
            <Field label={t('incidents.recordedBy')}>{d.createdByName ?? '—'}</Field>
            <Field label={t('incidents.column.booking')}>
              <BookingCell id={d.bookingID} date={d.bookingDate} pickUp={d.pickUp} dropOff={d.dropOff} />
            </Field>
            <Field label={t('incidents.column.driver')}>
              <PersonCell name={d.driverName} phoneNo={d.driverPhoneNo} email={d.driverEmail} />
            </Field>
            <Field label={t('incidents.column.passenger')}>
              <PersonCell name={d.passengerName} phoneNo={d.passengerPhoneNo} email={d.passengerEmail} />
            </Field>
            {!d.status ? (
              <Field label={t('incidents.actionTaken')}>
                <Text size="sm">{d.actionTaken}</Text>
                <Text size="xs" c="dimmed">
                  {t('incidents.closedBy', { name: d.name ?? '—', when: dateTime(d.closedAt) })}
                </Text>
              </Field>
            ) : null}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Modal>
  );
}
