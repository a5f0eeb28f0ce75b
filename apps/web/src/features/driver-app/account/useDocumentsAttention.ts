import type { CallOutput } from '@cabdesk/contract';
import { useCall } from '../../../api/hooks';

type Papers = CallOutput<'Driver/GetDriverDocumentsDrvApp'>['driver'];

const worst = ['missing', 'expired', 'expiring'] as const;
export type Attention = (typeof worst)[number];

/** The most pressing state over the driver's and the shift vehicle's papers, or null when all is well. */
export function attentionOf(owners: (Pick<Papers, 'documentState'> | null | undefined)[]): Attention | null {
  const states = owners.map((o) => o?.documentState);
  return worst.find((state) => states.includes(state)) ?? null;
}

export function useDocumentsAttention(): Attention | null {
  const answer = useCall('Driver/GetDriverDocumentsDrvApp', {}, { staleTime: 5 * 60_000 });
  return answer.data ? attentionOf([answer.data.data.driver, answer.data.data.vehicle]) : null;
}
