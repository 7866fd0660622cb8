import { and, asc, eq } from 'drizzle-orm';
import type { ConfigValue, ConfigValueType } from '@smena/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, configEntries, configOverrides } from '../../db/schema/index.ts';

export type ConfigEntryRow = typeof configEntries.$inferSelect;
export type ConfigOverrideRow = {
  key: string;
  companyId: number;
  companyTitle: string;
  value: unknown;
};

export type NewConfigEntry = {
  key: string;
  type: ConfigValueType;
  value: ConfigValue;
  description: string;
  companyOverridable: boolean;
  updatedBy: number | null;
};

export type ConfigEntryChanges = Partial<
  Pick<typeof configEntries.$inferInsert, 'value' | 'description' | 'companyOverridable'>
> & { updatedBy: number };

/**
 * Remote configuration: global keys (not company-owned) and the companies' own values of the
 * overridable ones.
 */
export function createRemoteConfigRepository(db: DbOrTx) {
  return {
    /**
     * Every key with its global value and, when `companyId` is given, that company's own value
     * of the keys that allow one. One statement.
     */
    async findValues(
      companyId: number | null,
    ): Promise<{ key: string; value: unknown; override: unknown }[]> {
      if (companyId === null) {
        const rows = await db
          .select({ key: configEntries.key, value: configEntries.value })
          .from(configEntries);
        return rows.map((row) => ({ ...row, override: null }));
      }
      return db
        .select({
          key: configEntries.key,
          value: configEntries.value,
          override: configOverrides.value,
        })
        .from(configEntries)
        .leftJoin(
          configOverrides,
          and(
            eq(configOverrides.key, configEntries.key),
            eq(configOverrides.companyId, companyId),
            // Only keys that allow a company value (a flag turned off later ignores old rows).
            eq(configEntries.companyOverridable, true),
          ),
        );
    },

    findEntries(): Promise<ConfigEntryRow[]> {
      return db.select().from(configEntries).orderBy(asc(configEntries.key));
    },

    async findEntry(key: string): Promise<ConfigEntryRow | undefined> {
      const [row] = await db.select().from(configEntries).where(eq(configEntries.key, key));
      return row;
    },

    /** The entry, locked until the transaction ends (two edits of one key apply in turn). */
    async lockEntry(key: string): Promise<ConfigEntryRow | undefined> {
      const [row] = await db
        .select()
        .from(configEntries)
        .where(eq(configEntries.key, key))
        .for('update');
      return row;
    },

    /** Overrides with the companies' titles; of one key, or of every key. */
    findOverrides(key?: string): Promise<ConfigOverrideRow[]> {
      return db
        .select({
          key: configOverrides.key,
          companyId: configOverrides.companyId,
          companyTitle: companies.title,
          value: configOverrides.value,
        })
        .from(configOverrides)
        .innerJoin(companies, eq(companies.id, configOverrides.companyId))
        .where(key === undefined ? undefined : eq(configOverrides.key, key))
        .orderBy(asc(configOverrides.key), asc(companies.title), asc(companies.id));
    },

    /** False when the key is taken. */
    async insertEntry(entry: NewConfigEntry): Promise<boolean> {
      const inserted = await db
        .insert(configEntries)
        .values(entry)
        .onConflictDoNothing({ target: configEntries.key })
        .returning({ key: configEntries.key });
      return inserted.length > 0;
    },

    async updateEntry(key: string, changes: ConfigEntryChanges): Promise<void> {
      await db
        .update(configEntries)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(configEntries.key, key));
    },

    async deleteEntry(key: string): Promise<void> {
      await db.delete(configEntries).where(eq(configEntries.key, key));
    },

    /** Answers how many overrides the key had. */
    async deleteOverridesOf(key: string): Promise<number> {
      const deleted = await db
        .delete(configOverrides)
        .where(eq(configOverrides.key, key))
        .returning({ companyId: configOverrides.companyId });
      return deleted.length;
    },

    async findOverride(key: string, companyId: number): Promise<{ value: unknown } | undefined> {
      const [row] = await db
        .select({ value: configOverrides.value })
        .from(configOverrides)
        .where(and(eq(configOverrides.key, key), eq(configOverrides.companyId, companyId)));
      return row;
    },

    async upsertOverride(key: string, companyId: number, value: ConfigValue): Promise<void> {
      await db
        .insert(configOverrides)
        .values({ key, companyId, value })
        .onConflictDoUpdate({
          target: [configOverrides.key, configOverrides.companyId],
          set: { value, updatedAt: new Date() },
        });
    },

    /** False when the company had no value of its own. */
    async deleteOverride(key: string, companyId: number): Promise<boolean> {
      const deleted = await db
        .delete(configOverrides)
        .where(and(eq(configOverrides.key, key), eq(configOverrides.companyId, companyId)))
        .returning({ key: configOverrides.key });
      return deleted.length > 0;
    },

    async touchEntry(key: string, updatedBy: number): Promise<void> {
      await db
        .update(configEntries)
        .set({ updatedAt: new Date(), updatedBy })
        .where(eq(configEntries.key, key));
    },

    async companyExists(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row !== undefined;
    },
  };
}

export type RemoteConfigRepository = ReturnType<typeof createRemoteConfigRepository>;
