import { Button, Group, Modal, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { zodValidate } from '../../ui/zodForm';
import { type EventKind, eventKinds } from './kinds';
import { allDayRange, dayOf, lastDayOf } from './month-grid';

export type EventRow = CallOutput<'Dashboard/GetDriverEventsList'>;

interface Values {
  driverId: number | null;
  title: string;
  kind: EventKind;
  allDay: boolean;
  firstDay: string | null;
  lastDay: string | null;
  startsAt: string | null;
  endsAt: string | null;
  notes: string;
}

/** 'YYYY-MM-DD HH:mm:ss' of a picker (the viewer's clock) as an ISO instant. */
const instant = (local: string | null) => (local ? new Date(local.replace(' ', 'T')).toISOString() : '');
const pickerValue = (iso: string) => {
  const d = new Date(iso);
  return `${dayOf(d)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:00`;
};

/** The call's fields from the form: an all-day event runs from its first day's midnight to the one after its last day. */
function payload(v: Values) {
  const times =
    v.allDay && v.firstDay
      ? allDayRange(v.firstDay, v.lastDay ?? v.firstDay)
      : { startsAt: instant(v.startsAt), endsAt: instant(v.endsAt) };
  return {
    driverId: v.driverId ?? 0,
    title: v.title,
    kind: v.kind,
    allDay: v.allDay,
    notes: v.notes,
    ...times,
  };
}

const checkEvent = zodValidate(schemas.driverEventFields);

/** Adds an event on a day, or changes or deletes one. */
export function EventForm({
  event,
  day,
  driverId,
  onClose,
}: {
  event: EventRow | null;
  day: string | null;
  driverId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const drivers = useCall('Dashboard/GetDriverList', { perPage: 0 }, { staleTime: 60_000 });
  const add = useCallMutation('Dashboard/AddEvent');
  const update = useCallMutation('Dashboard/UpdateEvent');
  const remove = useCallMutation('Dashboard/DeleteEvent');
  const canChange = event ? ability.can('update', 'Calendar') : ability.can('create', 'Calendar');
  const start = day ?? dayOf(new Date());
  const form = useForm<Values>({
    initialValues: event
      ? {
          driverId: event.driverId,
          title: event.title,
          kind: event.kind as EventKind,
          allDay: event.allDay,
          firstDay: dayOf(new Date(event.startsAt)),
          lastDay: lastDayOf(event.endsAt),
          startsAt: pickerValue(event.startsAt),
          endsAt: pickerValue(event.endsAt),
          notes: event.notes ?? '',
        }
      : {
          driverId,
          title: '',
          kind: 'leave',
          allDay: true,
          firstDay: start,
          lastDay: start,
          startsAt: `${start} 09:00:00`,
          endsAt: `${start} 17:00:00`,
          notes: '',
        },
    validateInputOnChange: true,
    validate: (values) => {
      const errors = checkEvent(payload(values));
      // The times live in different inputs for all-day and timed events.
      const { startsAt, endsAt, ...rest } = errors;
      return {
        ...rest,
        ...(startsAt ? { [values.allDay ? 'firstDay' : 'startsAt']: startsAt } : {}),
        ...(endsAt ? { [values.allDay ? 'lastDay' : 'endsAt']: t('calendar.endsAfterStart') } : {}),
        ...(values.driverId ? {} : { driverId: t('calendar.pickDriver') }),
      };
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const body = payload(values);
      const res = event ? await update.mutateAsync({ ...body, id: event.id }) : await add.mutateAsync(body);
      notifySuccess(t('calendar.saved'), res.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) form.setErrors(error.byField);
      notifyError(t('form.failed'), error);
    }
  });

  return (
    <Modal opened onClose={onClose} title={event ? t('calendar.editTitle') : t('calendar.addTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('calendar.driver')}
            required
            searchable
            disabled={!canChange}
            data={(drivers.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            value={form.values.driverId ? String(form.values.driverId) : null}
            onChange={(v) => form.setFieldValue('driverId', v ? Number(v) : null)}
            error={form.errors.driverId}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('calendar.eventTitle')}
              required
              disabled={!canChange}
              {...form.getInputProps('title')}
            />
            <Select
              label={t('calendar.kindLabel')}
              disabled={!canChange}
              data={eventKinds.map((k) => ({ value: k, label: t(`calendar.kind.${k}`) }))}
              allowDeselect={false}
              {...form.getInputProps('kind')}
            />
          </Group>
          <Switch
            label={t('calendar.allDay')}
            disabled={!canChange}
            {...form.getInputProps('allDay', { type: 'checkbox' })}
          />
          {form.values.allDay ? (
            <Group grow align="flex-start">
              <DatePickerInput
                label={t('calendar.firstDay')}
                valueFormat="DD-MM-YYYY"
                disabled={!canChange}
                {...form.getInputProps('firstDay')}
              />
              <DatePickerInput
                label={t('calendar.lastDay')}
                valueFormat="DD-MM-YYYY"
                disabled={!canChange}
                {...form.getInputProps('lastDay')}
              />
            </Group>
          ) : (
            <Group grow align="flex-start">
              <DateTimePicker
                label={t('calendar.startsAt')}
                valueFormat="DD-MM-YYYY HH:mm"
                disabled={!canChange}
                {...form.getInputProps('startsAt')}
              />
              <DateTimePicker
                label={t('calendar.endsAt')}
                valueFormat="DD-MM-YYYY HH:mm"
                disabled={!canChange}
                {...form.getInputProps('endsAt')}
              />
            </Group>
          )}
          <Textarea
            label={t('calendar.notes')}
            autosize
            minRows={2}
            disabled={!canChange}
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end" mt="sm">
            {event && ability.can('delete', 'Calendar') ? (
              <ConfirmButton
                variant="subtle"
                color="red"
                me="auto"
                question={t('calendar.deleteQuestion', { title: event.title, driver: event.driverName })}
                onConfirm={async () => {
                  try {
                    const res = await remove.mutateAsync({ id: event.id });
                    notifySuccess(t('calendar.deleted'), res.message);
                    onClose();
                  } catch (error) {
                    notifyError(t('calendar.delete'), error);
                  }
                }}
              >
                {t('calendar.delete')}
              </ConfirmButton>
            ) : null}
            <Button variant="default" onClick={onClose}>
              {canChange ? t('form.cancel') : t('form.close')}
            </Button>
            {canChange ? (
              <Button type="submit" loading={add.isPending || update.isPending}>
                {t('form.save')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
