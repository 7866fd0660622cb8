/**
 * A raw SQL statement run as a named prepared statement on PostgreSQL: the server parses and
 * plans it once per connection instead of on every call (a hot path's statement may spend more
 * time in planning than in execution). PGlite runs it as an ordinary query.
 */
import { type Query, type SQL, sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Drizzle's own `execute` is this, without the name; the two members are public at run time. */
type Internals = { dialect: PgDialect; session: PgSession };

/**
 * Runs `query` as the prepared statement `name`. The statement's text must be the same on every
 * call with that name (values go in parameters), which is what a tagged `sql` template gives.
 */
export async function executeNamed(db: DbOrTx, name: string, query: SQL): Promise<unknown> {
  const internals = db as unknown as Internals;
  const built = internals.dialect.sqlToQuery(query);
  return internals.session.prepareQuery(built, undefined, name, false).execute();
}

/**
 * A named statement whose text is built once: `build` writes it with `value('…')` placeholders,
 * and each call fills them from `values` by name (a name may appear several times). On a hot
 * path this saves assembling and rendering the `sql` template on every request, which costs more
 * than sending the statement.
 */
export function namedStatement<V extends Record<string, unknown>>(
  name: string,
  build: (value: (key: keyof V & string) => SQL) => SQL,
): (db: DbOrTx, values: V) => Promise<unknown> {
  let built: Query | undefined;
  return (db, values) => {
    const internals = db as unknown as Internals;
    built ??= internals.dialect.sqlToQuery(build((key) => sql`${sql.placeholder(key)}`));
    return internals.session.prepareQuery(built, undefined, name, false).execute(values);
  };
}
