import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@smena/contract';
import { AppError } from '../lib/app-error.ts';
import {
  API_KEY_PREFIX,
  API_KEY_ROLE,
  type AccessTokenAuthenticator,
  type ApiKeyIdentity,
  type AuthContext,
  type CompanyAuthContext,
} from '../lib/auth-context.ts';
import type { Access } from './access.ts';
import { COMPANY_SCOPE } from '../db/employee-scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook for every non-public route; null on public ones. */
    auth: AuthContext | null;
  }
}

const API_PREFIX = '/api/v1/';

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
  return token;
}

/** An API key from `X-Api-Key`, or from `Authorization: Bearer smk_…`. */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header.trim();
  const bearer = bearerTokenOf(request);
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : null;
}

/** The auth context of a route that declared company roles. */
export function companyAuth(request: FastifyRequest): CompanyAuthContext {
  const auth = request.auth;
  if (!auth || auth.companyId === null || auth.employeeId === null) {
    throw AppError.forbidden('Действие доступно только сотрудникам компании');
  }
  return auth as CompanyAuthContext;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}

export type { AccessTokenAuthenticator };

/**
 * The caller of a public route when a valid access token came with it (the Authorization header,
 * else `bodyToken`), null otherwise: such routes serve anonymous callers too, so a bad or expired
 * token is no error. API keys name no person and count as anonymous.
 */
export async function optionalAuth(
  request: FastifyRequest,
  authenticate: AccessTokenAuthenticator,
  bodyToken?: string,
): Promise<AuthContext | null> {
  const token = bearerTokenOf(request) ?? bodyToken;
  if (!token || token.startsWith(API_KEY_PREFIX)) return null;
  try {
    return await authenticate(token);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      /** Access tokens (modules/auth builds it: signature, live session, active membership). */
      authenticateAccessToken: AccessTokenAuthenticator;
      /** API keys (modules/api-keys); without it every key is refused. */
      apiKeys?: { authenticate: (secret: string) => Promise<ApiKeyIdentity | null> };
    },
  ) => {
    app.decorateRequest('auth', null);
    const { authenticateAccessToken } = options;

    async function authenticateApiKey(secret: string): Promise<AuthContext> {
      const identity = options.apiKeys ? await options.apiKeys.authenticate(secret) : null;
      if (!identity) throw AppError.unauthorized('Недействительный API-ключ');
      if (identity.companyBlocked) {
        throw new AppError(ErrorCode.COMPANY_BLOCKED, 'Компания заблокирована');
      }
      return {
        userId: 0,
        sessionId: '',
        companyId: identity.companyId,
        employeeId: 0,
        role: API_KEY_ROLE,
        impersonatorId: null,
        // A terminal or an integration serves the whole company (a key's branch limits checks).
        scope: COMPANY_SCOPE,
        apiKey: { id: identity.keyId, branchId: identity.branchId },
        companyPaidUntil: identity.companyPaidUntil,
      };
    }

    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      if (!url?.startsWith(API_PREFIX)) return;
      const access: Access | undefined = request.routeOptions.config.access;
      if (access === undefined) {
        request.log.error({ url }, 'route has no access declaration');
        throw new AppError(ErrorCode.INTERNAL_ERROR, 'Внутренняя ошибка сервера');
      }
      if (access === 'public') return;
      const apiKey = apiKeyOf(request);
      if (apiKey !== null) {
        request.auth = await authenticateApiKey(apiKey);
        if (request.routeOptions.config.apiKey !== true) {
          throw AppError.forbidden('API-ключ не даёт доступа к этому действию');
        }
        return;
      }
      const token = bearerTokenOf(request);
      if (!token) throw AppError.unauthorized();
      const auth = await authenticateAccessToken(token);
      request.auth = auth;
      if (
        access !== 'authenticated' &&
        (auth.role === API_KEY_ROLE || !access.includes(auth.role))
      ) {
        throw AppError.forbidden();
      }
    });
  },
  { name: 'auth' },
);
