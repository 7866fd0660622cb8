/**
 * A raw SQL statement run as a named prepared statement on PostgreSQL: the server parses and
 * plans it once per connection instead of on every call (a hot path's statement may spend more
 * time in planning than in execution). PGlite runs it as an ordinary query.
 */
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Runs `query` as the prepared statement `name`. The statement's text must be the same on every
 * call with that name (values go in parameters), which is what a tagged `sql` template gives.
 */
export async function executeNamed(db: DbOrTx, name: string, query: SQL): Promise<unknown> {
  // Drizzle's own `execute` is this, without the name; the two members are public at run time.
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = internals.dialect.sqlToQuery(query);
  return internals.session.prepareQuery(built, undefined, name, false).execute();
}
