import { sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { fieldError } from '../../platform/http/errors';
import { countRows, HEAVY_ALL_DATA_LIMIT, listPage } from '../../platform/http/list';
import { companyFacts } from '../company/facts';
import { dayRange, joinAnd } from '../payments/finance-filters';
import { type Ctx, doneJob, readRows, validationJoin } from './rows';

type ListInput = z.output<typeof schemas.bookingValidationListInput>;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The done jobs of one tab with the list's filters (dates are company days of pick-up). */
function whereOf(ctx: Ctx, input: ListInput, tz: string): SQL {
  const parts: SQL[] = [
    sql`b.company_id = ${ctx.session.companyId}`,
    doneJob,
    ...dayRange(sql`b.pickup_at`, input, tz),
  ];
  parts.push(input.tab === 'toValidate' ? sql`v.id is null` : sql`v.status = ${input.tab}`);
  if (input.id) parts.push(sql`b.id = ${input.id}`);
  if (input.clientID) parts.push(sql`b.client_id = ${input.clientID}`);
  if (input.driverID) parts.push(sql`b.driver_id = ${input.driverID}`);
  if (input.vehicletypeID) parts.push(sql`b.vehicle_type_id = ${input.vehicletypeID}`);
  if (input.paymentMethodID) parts.push(sql`b.payment_method = ${input.paymentMethodID}`);
  const q = input.q.trim().replace(/^#/, '');
  if (q) {
    const like = containing(q);
    const byNumber = /^\d{1,9}$/.test(q) ? sql`b.id = ${Number(q)}` : sql`false`;
    parts.push(sql`(${byNumber}
      or exists (select 1 from clients c where c.id = b.client_id and c.name ilike ${like})
      or exists (select 1 from passengers p where p.id = b.passenger_id and concat_ws(' ', p.first_name, p.surname) ilike ${like})
      or exists (select 1 from drivers d where d.id = b.driver_id and concat_ws(' ', d.first_name, d.last_name) ilike ${like}))`);
  }
  return joinAnd(parts);
}

const sortColumns: Record<string, SQL> = {
  pickupAt: sql`b.pickup_at`,
  id: sql`b.id`,
  price: sql`b.price_minor`,
  clientName: sql`(select c.name from clients c where c.id = b.client_id)`,
  driverName: sql`(select concat_ws(' ', d.first_name, d.last_name) from drivers d where d.id = b.driver_id)`,
};

/**
 * A validator goes through a period from its first job, so the list runs by pick-up, oldest first,
 * unless another order is asked for.
 */
function orderOf(input: ListInput): SQL {
  const column = sortColumns[input.sortColumn ?? 'pickupAt'];
  if (!column) throw fieldError('sortColumn', `must be one of: ${Object.keys(sortColumns).join(', ')}`);
  const direction = input.sortType === 'desc' ? sql`desc` : sql`asc`;
  return sql`${column} ${direction}, b.id ${direction}`;
}

/** BookingValidation/GetBookingValidataion. */
export async function listValidations(ctx: Ctx, input: ListInput) {
  const { timezone } = await companyFacts(ctx);
  const where = whereOf(ctx, input, timezone);
  const order = orderOf(input);
  return listPage(
    input,
    {
      count: () => countRows(ctx.db, sql`bookings b ${validationJoin}`, where),
      rows: (limit, offset) => readRows(ctx, where, order, limit, offset),
    },
    HEAVY_ALL_DATA_LIMIT,
  );
}
