import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditEntry = {
  companyId: number | null;
  userId: number | null;
  impersonatorId: number | null;
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown> | null;
};

export function createAuditRepository(db: DbOrTx) {
  return {
    async record(entry: AuditEntry) {
      await db.insert(auditLog).values({
        ...entry,
        entityId: entry.entityId ?? null,
        details: entry.details ?? null,
      });
    },
  };
}
