import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ThrowawayCluster, type ClusterInfo } from './cluster.ts';

/** Why the fault tests are skipped (set by the global setup), or undefined. */
export const skipReason = process.env.SMENA_FAULTS_SKIP;

export function throwawayCluster(): ThrowawayCluster {
  const info = process.env.SMENA_FAULTS_CLUSTER;
  if (!info) throw new Error('The fault tests need their global setup (npm run test:faults)');
  return new ThrowawayCluster(JSON.parse(info) as ClusterInfo);
}

/** A new, empty database in the throwaway cluster; the server migrates it at start-up. */
export async function createDatabase(cluster: ThrowawayCluster, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

export type Answer = { status: number; headers: Headers; data: any };

/** One request to the server; throws on a network error (refused, reset, timed out). */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    token?: string;
    headers?: Record<string, string>;
    body?: unknown;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, data };
}

async function expectStatus(answer: Promise<Answer>, status: number, what: string) {
  const { status: got, data } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(data)}`);
  return data;
}

export type FaultCompany = {
  token: string;
  apiKey: string;
  branchId: number;
  employeeIds: number[];
};

/** A company made through the API: its admin, a branch, employees and an API key. */
export async function setUpCompany(baseUrl: string, employees: number): Promise<FaultCompany> {
  const id = randomBytes(4).toString('hex');
  const registered = await expectStatus(
    request(baseUrl, 'POST', '/api/v1/auth/register', {
      body: {
        title: `ООО Сбой ${id}`,
        email: `faults-${id}@example.ru`,
        phone: `+7999${String(Number.parseInt(id, 16) % 10_000_000).padStart(7, '0')}`,
        country: 'RU',
        password: 'faults-password-1',
      },
    }),
    201,
    'register',
  );
  const token = registered.accessToken as string;
  const branch = await expectStatus(
    request(baseUrl, 'POST', '/api/v1/branches', {
      token,
      body: { title: `Проходная ${id}`, latitude: 55.75, longitude: 37.62, radius: 100 },
    }),
    201,
    'branch',
  );
  const admin = await expectStatus(
    request(baseUrl, 'GET', '/api/v1/profile/employee', { token }),
    200,
    'profile',
  );
  const employeeIds: number[] = [admin.id];
  for (let index = 1; index < employees; index++) {
    const employee = await expectStatus(
      request(baseUrl, 'POST', '/api/v1/employees', {
        token,
        body: {
          firstName: 'Пётр',
          lastName: `Сменов${index}`,
          email: `faults-${id}-${index}@example.ru`,
          phone: `+7998${String((Number.parseInt(id, 16) + index) % 10_000_000).padStart(7, '0')}`,
        },
      }),
      201,
      'employee',
    );
    employeeIds.push(employee.id);
  }
  const key = await expectStatus(
    request(baseUrl, 'POST', '/api/v1/api-keys', { token, body: { name: `Турникет ${id}` } }),
    201,
    'api key',
  );
  return { token, apiKey: key.secret, branchId: branch.id, employeeIds };
}
