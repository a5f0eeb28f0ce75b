import { sql } from 'drizzle-orm';

/**
 * Who cancelled a booking (alias b), from the source of its last 'cancel' history entry: the
 * driver app, the customer (portal, passenger app, web booker), the system, or the office. A
 * cancelled booking without such an entry (imported, seeded) is 'unknown'.
 */
export const cancelSource = sql`coalesce((
  select case
    when a.source = 'driver' then 'driver'
    when a.source in ('remote', 'client_portal', 'passenger_app', 'web', 'client') then 'customer'
    when a.source = 'system' then 'system'
    else 'office' end
  from audit_log a
  where a.company_id = b.company_id and a.entity_type = 'booking' and a.entity_id = b.id and a.action = 'cancel'
  order by a.created_at desc
  limit 1), 'unknown')`;
