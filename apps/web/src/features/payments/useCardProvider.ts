import { useCall } from '../../api/hooks';

/**
 * The company's card provider as a card form needs it (Configuration/GetStripeKeyLive): offline until
 * the answer arrives or when it fails, so a form is never left without one.
 */
export function useCardProvider(): { provider: 'offline' | 'stripe'; publishableKey: string | null } {
  const answer = useCall('Configuration/GetStripeKeyLive', {}, { staleTime: 60_000 });
  const data = answer.data?.data;
  return data
    ? { provider: data.provider, publishableKey: data.publishableKey }
    : { provider: 'offline', publishableKey: null };
}
