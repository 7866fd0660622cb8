/** PostgreSQL's unique_violation, seen through Drizzle's wrapper or directly. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    if (!candidate || typeof candidate !== 'object') return false;
    const { code, constraint: name } = candidate as { code?: unknown; constraint?: unknown };
    return code === '23505' && (constraint === undefined || name === constraint);
  });
}

/** PostgreSQL's exclusion_violation (23P01): e.g. two live checks of one employee overlapping. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    if (!candidate || typeof candidate !== 'object') return false;
    const { code, constraint: name } = candidate as { code?: unknown; constraint?: unknown };
    return code === '23P01' && (constraint === undefined || name === constraint);
  });
}

/** Socket and DNS failures of the connection to the database (Node's `error.code`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say "the server cannot serve you now", not "your statement is wrong":
 * class 08 (connection exception), admin_shutdown, crash_shutdown, cannot_connect_now (starting
 * up or shutting down), too_many_connections, and read_only_sql_transaction (a failover left the
 * pool on a standby).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** node-postgres, pg-pool and PGlite say it in words only. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^Query read timeout/,
  /^PGlite is closed/,
];

/** The error, its causes (Drizzle wraps the driver's error in `cause`) and aggregated errors. */
export function errorChain(error: unknown, depth = 0): object[] {
  if (!error || typeof error !== 'object' || depth > 5) return [];
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  return [
    error,
    ...errorChain(cause, depth + 1),
    ...(Array.isArray(errors) ? errors.flatMap((inner) => errorChain(inner, depth + 1)) : []),
  ];
}

/**
 * True when the database cannot be reached or refuses to serve right now (down, restarting,
 * out of connections, unreachable): the request may succeed if repeated later, so it answers
 * 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((candidate) => {
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message));
  });
}
