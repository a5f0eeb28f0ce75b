import { Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { BookingCountCards, StatisticsCards } from '../statistics/StatisticsCards';
import type { StaffMember } from './form-values';

type Range = 'all' | 'year' | 'month';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The bookings the staff member took (created through their account), over a chosen range. */
export function StaffStatistics({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>('all');
  const dates = range === 'all' ? {} : { fromDate: daysAgo(range === 'year' ? 365 : 30), toDate: daysAgo(0) };
  const stats = useCall('Staff/GetStaffStatistics', { id: member.id, ...dates });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('staff.stats.hint')}
        </Text>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => setRange(v as Range)}
          data={(['all', 'year', 'month'] as const).map((r) => ({ value: r, label: t(`staff.range.${r}`) }))}
        />
      </Group>
      {member.hasAccount ? null : (
        <Alert color="gray" icon={<IconInfoCircle />}>
          {t('staff.stats.noAccount')}
        </Alert>
      )}
      <StatisticsCards stats={stats.data?.data} />
      <BookingCountCards counts={stats.data?.data.bookingCount} />
    </Stack>
  );
}
