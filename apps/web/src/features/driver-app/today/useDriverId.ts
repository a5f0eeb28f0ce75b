import { useCall } from '../../../api/hooks';

/** The signed-in driver's own driver id (the calls that take one check it is the driver's own). */
export function useDriverId(): number | null {
  const profile = useCall('Driver/GetTableSummaryDriverDrvApp', {}, { staleTime: Infinity });
  return profile.data?.data[0]?.id ?? null;
}
