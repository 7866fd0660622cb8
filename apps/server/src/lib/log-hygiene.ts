/**
 * What reaches a log line. Logs are read by more people, and kept longer, than the database: they
 * never carry SQL parameters, personal data (emails, phones) or secrets (passwords, their hashes,
 * tokens, API keys, one-time codes). Errors are the risky part: Drizzle puts every parameter of a
 * failed query into its message, and PostgreSQL puts the offending values into `detail`
 * ("Key (email)=(…) already exists") and into some messages (`invalid input syntax …: "…"`).
 */

/** Error fields kept in a log line; every other own field (params, detail, where…) is dropped. */
const KEPT_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

const MAX_SQL_CHARACTERS = 2_000;
const MAX_DEPTH = 5;

export const HIDDEN = '[скрыто]';

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  aggregateErrors?: SerializedError[];
  [field: string]: unknown;
};

/** A long base64url run with upper case, lower case and digits: a token or key, not a name. */
function isSecretLike(run: string): boolean {
  return /[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run);
}

/**
 * The last line of defence for free text (error messages and stacks, request paths): masks what
 * looks like an email, a phone number, a password hash, a JWT, an API key, a hex digest or a
 * random token. Dates, ids, SQL and identifiers pass.
 */
export function scrubText(text: string): string {
  return text
    .replace(/\$argon2(?:id|i|d)\$[^\s"',)]+/g, '[hash]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]')
    .replace(/\bsmk_[\w-]+/g, '[key]')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi, '[email]')
    .replace(/\+\d{10,15}\b/g, '[phone]')
    .replace(/\b[78]\d{10}\b/g, '[phone]')
    .replace(/\b[0-9a-f]{32,}\b/gi, '[hash]')
    .replace(/[\w-]{32,}/g, (run) => (isSecretLike(run) ? '[token]' : run));
}

/**
 * PostgreSQL quotes the offending value after a colon (`invalid input syntax for type integer:
 * "…"`, `invalid input value for enum …: "…"`); names of relations and constraints are quoted
 * after a word and are kept.
 */
function withoutQuotedValues(message: string): string {
  return message.replace(/: "(?:[^"\\]|\\.)*"/g, `: "${HIDDEN}"`);
}

function isDrizzleQueryError(error: object): error is Error & { query: string } {
  const named =
    (error as Error).name === 'DrizzleQueryError' ||
    error.constructor?.name === 'DrizzleQueryError';
  return named && typeof (error as { query?: unknown }).query === 'string';
}

/** A PostgreSQL error as node-postgres and PGlite raise it: a SQLSTATE and a severity. */
function isPostgresError(error: object): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

function safeMessage(error: object): string {
  if (isDrizzleQueryError(error)) {
    // Drizzle's message is "Failed query: <sql>\nparams: <every value>": keep the SQL only.
    const sql = error.query.replace(/\s+/g, ' ').trim().slice(0, MAX_SQL_CHARACTERS);
    return `Failed query: ${sql}`;
  }
  const message = String((error as { message?: unknown }).message ?? '');
  if (isPostgresError(error)) return withoutQuotedValues(message);
  // A wrapper that says "Failed query" without naming its SQL: nothing after the SQL is safe.
  return message.replace(/\nparams: [\s\S]*$/, '');
}

/** The stack's frames under the safe message (the original first lines repeat the message). */
function safeStack(error: object, type: string, message: string): string | undefined {
  const stack = (error as { stack?: unknown }).stack;
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

/**
 * The `err` serializer of the logger: type, a safe message, the stack, the SQLSTATE and the
 * names of what failed (table, column, constraint), the chain of causes — never parameters,
 * `detail` or other values.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!error || typeof error !== 'object') {
    return { type: typeof error, message: scrubText(String(error)), stack: '' };
  }
  if (depth > MAX_DEPTH) return { type: 'Error', message: '…', stack: '' };
  const type =
    typeof error.constructor === 'function' && error.constructor.name !== 'Object'
      ? error.constructor.name
      : String((error as { name?: unknown }).name ?? 'Error');
  const message = scrubText(safeMessage(error));
  const serialized: SerializedError = {
    type,
    message,
    stack: scrubText(safeStack(error, type, message) ?? ''),
  };
  for (const field of KEPT_FIELDS) {
    const value = (error as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') {
      serialized[field] = typeof value === 'string' ? scrubText(value) : value;
    }
  }
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && cause !== error) {
    serialized.cause = serializeError(cause, depth + 1);
  }
  if (Array.isArray(errors)) {
    serialized.aggregateErrors = errors
      .slice(0, 10)
      .map((inner) => serializeError(inner, depth + 1));
  }
  return serialized;
}

/** A URL with the values of its query string hidden (`?search=…` may be a name, phone or email). */
export function safeUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = scrubText(mark === -1 ? url : url.slice(0, mark));
  if (mark === -1) return path;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${path}?${names.join('&')}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's `req` serializer, with the query string's values hidden. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: safeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
