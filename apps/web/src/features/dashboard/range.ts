import type { bookingSources, CallInput } from '@cabdesk/contract';

export const presets = ['today', '7d', '30d', 'month', 'custom'] as const;
export type Preset = (typeof presets)[number];

export interface DashboardFilterState {
  preset: Preset;
  fromDate: string;
  toDate: string;
  clientId: number | null;
  driverId: number | null;
  vehicleTypeId: number | null;
  source: (typeof bookingSources)[number] | null;
}

/** Today on the viewer's clock, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The dates a preset stands for, both ends counted. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): { fromDate: string; toDate: string } {
  switch (preset) {
    case 'today':
      return { fromDate: today, toDate: today };
    case '7d':
      return { fromDate: addDays(today, -6), toDate: today };
    case '30d':
      return { fromDate: addDays(today, -29), toDate: today };
    case 'month':
      return { fromDate: `${today.slice(0, 7)}-01`, toDate: today };
  }
}

/** The filter bar as the server's dashboardFilters: unset references are left out. */
export function filtersInput(f: DashboardFilterState): CallInput<'Dashboard/GetBookingsGraph'> {
  return {
    fromDate: f.fromDate,
    toDate: f.toDate,
    ...(f.clientId ? { clientId: f.clientId } : {}),
    ...(f.driverId ? { driverId: f.driverId } : {}),
    ...(f.vehicleTypeId ? { vehicleTypeId: f.vehicleTypeId } : {}),
    ...(f.source ? { source: f.source } : {}),
  };
}

export function initialFilters(today = localToday()): DashboardFilterState {
  return {
    preset: '30d',
    ...presetRange('30d', today),
    clientId: null,
    driverId: null,
    vehicleTypeId: null,
    source: null,
  };
}

/** Share of a goal reached, as a whole percent (past 100 when the goal is beaten); null without a goal. */
export function goalPercent(value: number, goal: number | null): number | null {
  if (!goal || goal <= 0) return null;
  // Past the goal the figure says by how much (138 %); only the ring stops at full.
  return Math.round((value * 100) / goal);
}
