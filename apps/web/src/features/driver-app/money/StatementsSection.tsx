import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { download } from '../../../ui/ExportButton';
import { day, money } from '../../../ui/format';
import { notifyError } from '../../../ui/notify';
import { EmptyState, ListSkeleton, LoadFailed } from '../account/screen';

export type OwnStatement = CallOutput<'Driver/GetDriverStatementsDrvApp'>;

/** How many statements the section shows at first, and how many more each "Show more" adds. */
export const STATEMENTS_PAGE = 5;

const statusColour = { approved: 'blue', settled: 'teal' } as const;

/** The net in the driver's words: the office pays them, they owe the office, or nothing is due either way. */
function netWords(t: (key: string, values?: Record<string, string>) => string, netMinor: number) {
  if (netMinor > 0) return t('driver-app.money.statements.paidToYou', { amount: money(netMinor) });
  if (netMinor < 0) return t('driver-app.money.statements.youOwe', { amount: money(-netMinor) });
  return t('driver-app.money.statements.nothingDue');
}

function PdfButton({ statement }: { statement: OwnStatement }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      size="md"
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      loading={busy}
      aria-label={t('driver-app.money.statements.openPdfOf', { number: statement.statementNo ?? '' })}
      onClick={async () => {
        setBusy(true);
        try {
          const res = await callApi('BookingInvoice/GetGenerateDocumentDriverPaymentForDriverApp', {
            id: statement.id,
          });
          download(res.data);
        } catch (error) {
          notifyError(t('driver-app.money.statements.pdfFailed'), error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('driver-app.money.statements.openPdf')}
    </Button>
  );
}

/** One statement: its period and number, the net in words, what is paid and left, and its PDF. */
export function StatementCard({ statement: s }: { statement: OwnStatement }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="statement-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>
              {t('driver-app.money.statements.period', { from: day(s.periodFrom), to: day(s.periodTo) })}
            </Text>
            <Text size="sm" c="dimmed">
              {s.statementNo}
            </Text>
          </Stack>
          <Badge color={statusColour[s.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`driver-app.money.statements.status.${s.status}`)}
          </Badge>
        </Group>
        <Text fz="lg" fw={700} c={s.netMinor < 0 ? 'red.8' : undefined} data-testid="statement-net">
          {netWords(t, s.netMinor)}
        </Text>
        {s.netMinor !== 0 ? (
          <Text size="sm" data-testid="statement-settled">
            {t('driver-app.money.statements.paidLeft', { paid: money(s.settledMinor), left: money(s.dueMinor) })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <PdfButton statement={s} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** The driver's approved and settled statements, newest first, each opening as the PDF the office issued. */
export function StatementsSection() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(STATEMENTS_PAGE);
  const list = useCall('Driver/GetDriverStatementsDrvApp', { page: 0, perPage: shown });
  const rows = list.data?.data ?? [];
  const more = (list.data?.count ?? 0) > rows.length;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="driver-statements-title"
      data-testid="statements"
    >
      <Title order={3} size="h5" mb="sm" id="driver-statements-title">
        {t('driver-app.money.statements.title')}
      </Title>
      {list.error && !list.data ? (
        <LoadFailed title={t('driver-app.money.statements.loadFailed')} error={list.error} onRetry={list.refetch} />
      ) : list.isPending ? (
        <ListSkeleton rows={2} height={120} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconFileText size={28} aria-hidden />}
          title={t('driver-app.money.statements.empty.title')}
          text={t('driver-app.money.statements.empty.text')}
        />
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={list.isFetching}>
            {rows.map((s) => (
              <StatementCard key={s.id} statement={s} />
            ))}
          </Stack>
          {more ? (
            <Button
              variant="default"
              size="md"
              loading={list.isFetching}
              onClick={() => setShown((n) => n + STATEMENTS_PAGE)}
            >
              {t('driver-app.money.statements.more')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
