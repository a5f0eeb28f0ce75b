/**
 * The statistics calls of each kind of owner. One table, so that when the calls change (one call
 * for every owner, say) only this changes; staff have no charts and count inside their statistics.
 */
export const ownerCalls = {
  driver: {
    statistics: 'Driver/GetDriverStatistics',
    counts: 'Driver/GetDriverBookingCount',
    weekDays: 'Driver/GetDriverWeekDays',
    trends: 'Driver/GetDriverBookingTrends',
  },
  passenger: {
    statistics: 'Passenger/GetPassengerStatistics',
    counts: 'Passenger/GetPassengerBookingCount',
    weekDays: 'Passenger/GetPassengerWeekDays',
    trends: 'Passenger/GetPassengerBookingTrends',
  },
  client: {
    statistics: 'Client/GetClientStatistics',
    counts: 'Client/GetClientBookingCount',
    weekDays: 'Client/GetClientWeekDays',
    trends: 'Client/GetClientBookingTrends',
  },
  vehicle: {
    statistics: 'Vehicle/GetVehicleStatistics',
    counts: 'Vehicle/GetVehicleBookingCount',
    weekDays: 'Vehicle/GetVehicleWeekDays',
    trends: 'Vehicle/GetvehicleBookingTrends',
  },
  staff: { statistics: 'Staff/GetStaffStatistics', counts: null, weekDays: null, trends: null },
} as const;

export type Owner = keyof typeof ownerCalls;

export type Range = 'all' | 'year' | 'month';

const daysAgo = (n: number, today: Date) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);

/** The dates a range sends; all time sends none. */
export function rangeDates(range: Range, today = new Date()): { fromDate?: string; toDate?: string } {
  if (range === 'all') return {};
  return { fromDate: daysAgo(range === 'year' ? 365 : 30, today), toDate: daysAgo(0, today) };
}
