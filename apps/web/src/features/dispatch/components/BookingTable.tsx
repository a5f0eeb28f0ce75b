import { Badge, Group, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlarm, IconArrowRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../ui/format';
import { clock } from '../format';
import type { BookingRow } from '../model';
import classes from './BookingTable.module.css';
import { StatusBadge } from './StatusBadge';

function Route({ row }: { row: BookingRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} miw={0}>
      <Group gap={4} wrap="nowrap" miw={0}>
        <Text size="sm" truncate="end" title={row.pickup}>
          {row.pickup}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" miw={0}>
        <IconArrowRight size={12} style={{ flex: 'none', opacity: 0.6 }} />
        <Text size="xs" c="dimmed" truncate="end" title={row.dropoff ?? undefined}>
          {row.dropoff ?? t('dispatch.hourly')}
          {row.viaCount ? ` · ${t('dispatch.via', { count: row.viaCount })}` : ''}
        </Text>
      </Group>
      {row.isUnplaced ? (
        <Badge
          size="xs"
          color="red.9"
          variant="filled"
          title={t('dispatch.unplacedHint')}
          style={{ alignSelf: 'start' }}
        >
          {t('dispatch.unplaced')}
        </Badge>
      ) : null}
    </Stack>
  );
}

/**
 * The board's bookings: dense, one line pair per booking. The selection follows ↑/↓ and stays in
 * view; a booking that just arrived is marked for a few seconds.
 */
export function BookingTable({
  rows,
  selectedId,
  newIds,
  nearIds = new Set(),
  onOpen,
}: {
  rows: BookingRow[];
  selectedId: number | null;
  newIds: ReadonlySet<number>;
  /** Jobs with no driver whose pick-up is near: tinted, with an icon and words. */
  nearIds?: ReadonlySet<number>;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const body = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    if (selectedId === null) return;
    body.current?.querySelector(`[data-booking-id="${selectedId}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  return (
    <ScrollArea.Autosize
      className={classes.wrap}
      mah="calc(100dvh - 290px)"
      mih={240}
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0 }}
    >
      <Table
        className={classes.table}
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing="xs"
        aria-label={t('dispatch.tableLabel')}
        data-testid="board-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>{t('dispatch.column.time')}</Table.Th>
            <Table.Th>{t('dispatch.column.route')}</Table.Th>
            <Table.Th className={classes.passenger}>{t('dispatch.column.passenger')}</Table.Th>
            <Table.Th className={classes.vehicleType}>{t('dispatch.column.vehicleType')}</Table.Th>
            <Table.Th>{t('dispatch.column.driver')}</Table.Th>
            <Table.Th miw={120}>{t('dispatch.column.status')}</Table.Th>
            <Table.Th w={84} ta="end">
              {t('dispatch.column.price')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={body}>
          {rows.map((row) => {
            const selected = row.id === selectedId;
            const fresh = newIds.has(row.id);
            const near = nearIds.has(row.id);
            return (
              <Table.Tr
                key={row.id}
                data-booking-id={row.id}
                data-testid="board-row"
                aria-selected={selected}
                data-selected={selected || undefined}
                data-fresh={fresh || undefined}
                data-near={near || undefined}
                className={classes.row}
                onClick={() => onOpen(row.id)}
              >
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600} ff="monospace">
                      {row.isAsap ? t('dispatch.asap') : clock(row.pickupAt)}
                    </Text>
                    {near ? (
                      <Group gap={2} wrap="nowrap" data-testid="near-flag">
                        <IconAlarm size={14} color="var(--mantine-color-red-text)" aria-hidden />
                        <Text size="xs" c="var(--near-flag)" fw={600} title={t('dispatch.near.flag')}>
                          <VisuallyHidden>{t('dispatch.near.flag')} </VisuallyHidden>#{row.id}
                        </Text>
                      </Group>
                    ) : fresh ? (
                      <Badge size="xs" color="orange" variant="filled" w="fit-content">
                        {t('dispatch.newArrival')}
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed">
                        #{row.id}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td maw={0} w="38%">
                  <Route row={row} />
                </Table.Td>
                <Table.Td className={classes.passenger}>
                  <Stack gap={0}>
                    <Text size="sm" truncate="end">
                      {row.passengerName ?? '—'}
                    </Text>
                    {row.clientName ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {row.clientName}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td className={classes.vehicleType}>
                  <Text size="sm">{row.vehicleTypeName ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  {row.driverName ? (
                    <Text size="sm" truncate="end">
                      {row.driverCallsign ? <b>{row.driverCallsign} </b> : null}
                      {row.driverName}
                    </Text>
                  ) : row.vendorName ? (
                    <Text size="sm" truncate="end">
                      {row.vendorName}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('dispatch.noDriver')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} />
                </Table.Td>
                <Table.Td ta="end">
                  <Text size="sm" ff="monospace">
                    {money(row.priceMinor, row.currency)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
