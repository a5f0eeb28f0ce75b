import { handlers } from '../../platform/http/context';
import { profitability, withoutDays, withoutVehicleType } from './report';

export const profitabilityHandlers = handlers({
  'Profitability/GetClientProfitability': async (input, ctx) => withoutDays(await profitability(ctx, input, 'client')),
  'Profitability/GetDriverProfitability': async (input, ctx) =>
    withoutVehicleType(await profitability(ctx, input, 'driver')),
  'Profitability/GetVehicleProfitability': (input, ctx) => profitability(ctx, input, 'vehicle'),
});
