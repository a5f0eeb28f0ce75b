import { auditLog } from '../src/domains/audit/schema';
import type { Db } from '../src/platform/db/client';

/**
 * A booking's history entry written directly (an offer, a decline, a cancellation by a source), as
 * the reports read them: `driver` is the driver the entry gave the job to or took it from.
 */
export async function bookingHistory(
  db: Db,
  companyId: number,
  bookingId: number,
  action: string,
  source: string,
  driver?: { before: number | null; after: number | null },
) {
  await db.insert(auditLog).values({
    companyId,
    entityType: 'booking',
    entityId: bookingId,
    action,
    source,
    changes: { status: { before: 'x', after: 'y' }, ...(driver ? { driverId: driver } : {}) },
  });
}
