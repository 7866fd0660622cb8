import {
  defaultRemoteConfig,
  type ConfigEntry,
  type ConfigValue,
  type ConfigValueType,
  type CreateConfigEntryInputSchema,
  type UpdateConfigEntryInputSchema,
} from '@smena/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createAuditRepository } from '../audit/index.ts';
import {
  createRemoteConfigRepository,
  type ConfigEntryChanges,
  type ConfigEntryRow,
  type ConfigOverrideRow,
} from './remote-config.repository.ts';

type CreateEntryValues = z.output<typeof CreateConfigEntryInputSchema>;
type UpdateEntryValues = z.output<typeof UpdateConfigEntryInputSchema>;

const TYPE_NAMES: Record<ConfigValueType, string> = {
  boolean: 'да или нет',
  number: 'число',
  string: 'строка',
};

const entryNotFound = () => AppError.notFound('Ключ настройки не найден');

/** The keys the product ships with: seeded at start, editable, never deleted. */
export function isSeededKey(key: string): boolean {
  return Object.hasOwn(defaultRemoteConfig, key);
}

export function valueHasType(value: unknown, type: ConfigValueType): value is ConfigValue {
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

function assertValueType(value: unknown, type: ConfigValueType): asserts value is ConfigValue {
  if (!valueHasType(value, type)) {
    throw AppError.validation('value', `Значение должно быть типа «${TYPE_NAMES[type]}»`);
  }
}

/** A stored JSON value as the API shows it (the database only ever receives checked values). */
function configValueOf(value: unknown): ConfigValue {
  return typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string'
    ? value
    : String(value);
}

function toConfigEntry(row: ConfigEntryRow, overrides: ConfigOverrideRow[]): ConfigEntry {
  return {
    key: row.key,
    type: row.type,
    value: configValueOf(row.value),
    description: row.description,
    companyOverridable: row.companyOverridable,
    overrides: overrides
      .filter((override) => override.key === row.key)
      .map((override) => ({
        companyId: override.companyId,
        companyTitle: override.companyTitle,
        value: configValueOf(override.value),
      })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type RemoteConfigService = ReturnType<typeof createRemoteConfigService>;

/**
 * Flags and values the SPA reads at start; the super admin edits them, and gives a company its
 * own value of the keys that allow one. Every change is written to the audit log.
 */
export function createRemoteConfigService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createRemoteConfigRepository(db);

  async function getEntry(key: string): Promise<ConfigEntry> {
    const row = await repository.findEntry(key);
    if (!row) throw entryNotFound();
    return toConfigEntry(row, await repository.findOverrides(key));
  }

  function audit(
    tx: Tx,
    auth: AuthContext,
    entry: {
      action: string;
      key: string;
      companyId?: number;
      details?: Record<string, unknown>;
    },
  ) {
    return createAuditRepository(tx).record({
      companyId: entry.companyId ?? null,
      userId: auth.userId,
      impersonatorId: null,
      action: entry.action,
      entity: 'config',
      entityId: entry.key,
      details: entry.details ?? null,
    });
  }

  return {
    getEntry,

    /** Every key's value; a company's own values replace the global ones for its members. */
    async getValues(companyId: number | null): Promise<Record<string, ConfigValue>> {
      const rows = await repository.findValues(companyId);
      const values: Record<string, ConfigValue> = {};
      for (const row of rows) {
        values[row.key] = configValueOf(row.override ?? row.value);
      }
      return values;
    },

    async listEntries(): Promise<{ items: ConfigEntry[] }> {
      const [rows, overrides] = await Promise.all([
        repository.findEntries(),
        repository.findOverrides(),
      ]);
      return { items: rows.map((row) => toConfigEntry(row, overrides)) };
    },

    async createEntry(auth: AuthContext, input: CreateEntryValues): Promise<ConfigEntry> {
      assertValueType(input.value, input.type);
      await db.transaction(async (tx) => {
        const inserted = await createRemoteConfigRepository(tx).insertEntry({
          ...input,
          updatedBy: auth.userId,
        });
        if (!inserted) throw AppError.conflict(`Ключ ${input.key} уже есть`);
        await audit(tx, auth, {
          action: 'CONFIG_CREATE',
          key: input.key,
          details: { type: input.type, value: input.value },
        });
      });
      return getEntry(input.key);
    },

    async updateEntry(
      auth: AuthContext,
      key: string,
      input: UpdateEntryValues,
    ): Promise<ConfigEntry> {
      await db.transaction(async (tx) => {
        const repo = createRemoteConfigRepository(tx);
        const current = await repo.lockEntry(key);
        if (!current) throw entryNotFound();
        assertValueType(input.value, current.type);
        const changes: ConfigEntryChanges = { updatedBy: auth.userId };
        const details: Record<string, unknown> = {};
        if (input.value !== current.value) {
          changes.value = input.value;
          details.value = { before: current.value, after: input.value };
        }
        if (input.description !== undefined && input.description !== current.description) {
          changes.description = input.description;
          details.description = true;
        }
        if (
          input.companyOverridable !== undefined &&
          input.companyOverridable !== current.companyOverridable
        ) {
          changes.companyOverridable = input.companyOverridable;
          details.companyOverridable = input.companyOverridable;
          // A key that no longer allows company values loses the ones it had.
          if (!input.companyOverridable)
            details.overridesRemoved = await repo.deleteOverridesOf(key);
        }
        if (Object.keys(details).length === 0) return;
        await repo.updateEntry(key, changes);
        await audit(tx, auth, { action: 'CONFIG_UPDATE', key, details });
      });
      return getEntry(key);
    },

    async deleteEntry(auth: AuthContext, key: string): Promise<void> {
      if (isSeededKey(key)) {
        throw AppError.conflict(
          'Этот ключ нужен приложению: его можно изменить, но нельзя удалить',
        );
      }
      await db.transaction(async (tx) => {
        const repo = createRemoteConfigRepository(tx);
        const current = await repo.lockEntry(key);
        if (!current) throw entryNotFound();
        await repo.deleteEntry(key);
        await audit(tx, auth, { action: 'CONFIG_DELETE', key, details: { value: current.value } });
      });
    },

    async setOverride(
      auth: AuthContext,
      key: string,
      companyId: number,
      value: ConfigValue,
    ): Promise<ConfigEntry> {
      await db.transaction(async (tx) => {
        const repo = createRemoteConfigRepository(tx);
        const current = await repo.lockEntry(key);
        if (!current) throw entryNotFound();
        if (!current.companyOverridable) {
          throw AppError.validation(
            'key',
            'У этого ключа не может быть своего значения для компании',
          );
        }
        if (!(await repo.companyExists(companyId))) throw AppError.notFound('Компания не найдена');
        assertValueType(value, current.type);
        const before = await repo.findOverride(key, companyId);
        await repo.upsertOverride(key, companyId, value);
        await repo.touchEntry(key, auth.userId);
        await audit(tx, auth, {
          action: 'CONFIG_OVERRIDE_SET',
          key,
          companyId,
          details: { before: before?.value ?? null, after: value },
        });
      });
      return getEntry(key);
    },

    async deleteOverride(auth: AuthContext, key: string, companyId: number): Promise<ConfigEntry> {
      await db.transaction(async (tx) => {
        const repo = createRemoteConfigRepository(tx);
        const current = await repo.lockEntry(key);
        if (!current) throw entryNotFound();
        if (!current.companyOverridable) {
          throw AppError.validation(
            'key',
            'У этого ключа не может быть своего значения для компании',
          );
        }
        if (!(await repo.companyExists(companyId))) throw AppError.notFound('Компания не найдена');
        if (!(await repo.deleteOverride(key, companyId))) {
          throw AppError.notFound('У компании нет своего значения этого ключа');
        }
        await repo.touchEntry(key, auth.userId);
        await audit(tx, auth, { action: 'CONFIG_OVERRIDE_DELETE', key, companyId });
      });
      return getEntry(key);
    },
  };
}
