import { handlers } from '../../platform/http/context';
import { documentPanel } from '../documents/summary';
import { bookingsGraph, goalOverview, pendingPayments, sourcesOf, topOf, trendsOf } from './panels';
import { dashboardScope } from './scope';

/** Twelve whole months of trends unless a range is given; up to ten years. */
const trendsRange = { defaultMonths: 12, maxDays: 3653 };

export const dashboardHandlers = handlers({
  'Dashboard/GetDashboardTopDriver': async (input, ctx) => topOf(ctx, await dashboardScope(ctx, input), 'driver'),
  'Dashboard/GetDashboardTopClient': async (input, ctx) => topOf(ctx, await dashboardScope(ctx, input), 'client'),
  'Dashboard/GetBookingsGraph': async (input, ctx) => bookingsGraph(ctx, await dashboardScope(ctx, input)),
  'Dashboard/GetGoalOverview': async (input, ctx) => goalOverview(ctx, await dashboardScope(ctx, input)),
  'Dashboard/GetPendingBookingPayments': async (input, ctx) => pendingPayments(ctx, await dashboardScope(ctx, input)),
  'Dashboard/GetDashboardSources': async (input, ctx) => sourcesOf(ctx, await dashboardScope(ctx, input)),
  'Dashboard/GetDashboardDriverDocuments': async (input, ctx) => {
    await dashboardScope(ctx, input);
    return documentPanel(ctx, 'driver', { id: input.driverId });
  },
  'Dashboard/GetDashboardVehicleDocuments': async (input, ctx) => {
    await dashboardScope(ctx, input);
    return documentPanel(ctx, 'vehicle', { vehicleTypeId: input.vehicleTypeId });
  },
  'Dashboard/GetDashboardAllData': async (input, ctx) => {
    const scope = await dashboardScope(ctx, input);
    const [topDrivers, topClients, graph, goal, pending, sources, driverDocuments, vehicleDocuments] =
      await Promise.all([
        topOf(ctx, scope, 'driver'),
        topOf(ctx, scope, 'client'),
        bookingsGraph(ctx, scope),
        goalOverview(ctx, scope),
        pendingPayments(ctx, scope),
        sourcesOf(ctx, scope),
        documentPanel(ctx, 'driver', { id: input.driverId }),
        documentPanel(ctx, 'vehicle', { vehicleTypeId: input.vehicleTypeId }),
      ]);
    return {
      fromDate: scope.fromDate,
      toDate: scope.toDate,
      topDrivers,
      topClients,
      bookingsGraph: graph,
      goalOverview: goal,
      pendingPayments: pending,
      sources,
      driverDocuments,
      vehicleDocuments,
    };
  },
  'Common/GetAllBookingTrends': async (input, ctx) => trendsOf(ctx, await dashboardScope(ctx, input, trendsRange)),
});
