import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { ApiKeyAuthenticator } from './api-keys.auth.ts';

/**
 * The channel the database triggers of migration 0011 notify with a company id whenever something
 * that decides what that company's keys may do changes (company status or paid period, a key
 * revoked, moved or deleted).
 */
export const API_KEY_ACCESS_CHANNEL = 'smena_api_key_access';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Keeps the API-key cache of this instance true to the database: each notification drops the
 * company's cached keys. PostgreSQL: a dedicated LISTEN connection; while it is down (a restart, a
 * failover) the cache is bypassed, and it is cleared when the connection is back, since
 * notifications sent meanwhile are lost. PGlite (one process): its own notifications, delivered
 * before the writing statement returns. Answers the function that stops listening.
 */
export async function listenForApiKeyChanges(deps: {
  database: Database;
  authenticator: ApiKeyAuthenticator;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const { database, authenticator, log } = deps;
  const onPayload = (payload: string | undefined) => {
    const companyId = Number(payload);
    if (Number.isInteger(companyId)) authenticator.invalidateCompany(companyId);
    else authenticator.clear();
  };

  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unsubscribe = await client.listen(API_KEY_ACCESS_CHANNEL, onPayload);
    return async () => {
      // The database may be closed first (tests); nothing is left to unsubscribe from then.
      await unsubscribe().catch(() => undefined);
    };
  }

  const connectionString = database.pool?.options.connectionString;
  if (!connectionString) throw new Error('PostgreSQL connection string missing');
  let stopped = false;
  let current: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  authenticator.setChannel('down');

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      authenticator.setChannel('down');
      if (stopped) return;
      log.warn(
        { err: error },
        'API-key change notifications lost: keys are read from the database until they are back',
      );
      client.end().catch(() => undefined);
      retryTimer = setTimeout(() => void connect(), delay);
      retryTimer.unref();
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === API_KEY_ACCESS_CHANNEL) onPayload(message.payload);
    });
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${API_KEY_ACCESS_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = RECONNECT_MIN_MS;
    // Whatever changed while nobody listened is forgotten with the whole cache.
    authenticator.clear();
    authenticator.setChannel('async');
  }

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const client = current;
    current = undefined;
    if (client) await client.end().catch(() => undefined);
  };
}
