import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { branches, companies } from '../../db/schema/index.ts';

function apiKeyFields() {
  return {
    id: apiKeys.id,
    name: apiKeys.name,
    prefix: apiKeys.prefix,
    branchId: apiKeys.branchId,
    branchTitle: branches.title,
    createdAt: apiKeys.createdAt,
    lastUsedAt: apiKeys.lastUsedAt,
    revokedAt: apiKeys.revokedAt,
  };
}

export function createApiKeysRepository(db: DbOrTx) {
  function selectKeys() {
    return db
      .select(apiKeyFields())
      .from(apiKeys)
      .leftJoin(branches, eq(branches.id, apiKeys.branchId));
  }

  return {
    /** Live keys first, newest first; revoked ones stay listed for the history. */
    async findApiKeys(companyId: number) {
      return selectKeys()
        .where(eq(apiKeys.companyId, companyId))
        .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async findApiKey(companyId: number, keyId: number) {
      const rows = await selectKeys()
        .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, keyId)))
        .limit(1);
      return rows[0];
    },

    async insertApiKey(
      companyId: number,
      values: {
        name: string;
        prefix: string;
        secretHash: string;
        branchId: number | null;
        createdBy: number;
      },
    ): Promise<number> {
      const [row] = await db
        .insert(apiKeys)
        .values({ ...values, companyId })
        .returning({ id: apiKeys.id });
      return row!.id;
    },

    /** Sets revoked_at once (a second revocation keeps the first date); answers whether it did. */
    async revokeApiKey(companyId: number, keyId: number): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(
          and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)),
        )
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    async branchExists(companyId: number, branchId: number): Promise<boolean> {
      const rows = await db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
        .limit(1);
      return rows.length > 0;
    },

    /** The authentication lookup: one indexed read by the hash, with the company's status. */
    async findKeyByHash(secretHash: string) {
      const rows = await db
        .select({
          id: apiKeys.id,
          companyId: apiKeys.companyId,
          branchId: apiKeys.branchId,
          revokedAt: apiKeys.revokedAt,
          lastUsedAt: apiKeys.lastUsedAt,
          companyStatus: companies.status,
          companyPaidUntil: companies.paidUntil,
        })
        .from(apiKeys)
        .innerJoin(companies, eq(companies.id, apiKeys.companyId))
        .where(eq(apiKeys.secretHash, secretHash))
        .limit(1);
      return rows[0];
    },

    /** At most one write a minute per key, whatever the number of instances. */
    async touchLastUsed(keyId: number) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, keyId),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`),
            ),
          ),
        );
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
export type ApiKeyRow = NonNullable<Awaited<ReturnType<ApiKeysRepository['findApiKey']>>>;
