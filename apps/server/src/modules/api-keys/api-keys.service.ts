import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@smena/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyAuthContext } from '../../lib/auth-context.ts';
import { generateApiKey } from './api-key-secret.ts';
import { type ApiKeyRow, createApiKeysRepository } from './api-keys.repository.ts';

const notFound = () => AppError.notFound('API-ключ не найден');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    branchId: row.branchId,
    branchTitle: row.branchTitle,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

export function createApiKeysService(deps: {
  db: Db;
  /**
   * Before a revocation; the answer, called after it, drops the company's keys from the
   * authentication cache and waits until every instance has been told (ApiKeyAuthenticator).
   */
  beginKeyChange: (companyId: number) => (changed: boolean) => Promise<void>;
}) {
  const repository = createApiKeysRepository(deps.db);

  async function getApiKey(auth: CompanyAuthContext, keyId: number): Promise<ApiKey> {
    const row = await repository.findApiKey(auth.companyId, keyId);
    if (!row) throw notFound();
    return toApiKey(row);
  }

  return {
    async listApiKeys(auth: CompanyAuthContext): Promise<{ items: ApiKey[] }> {
      const rows = await repository.findApiKeys(auth.companyId);
      return { items: rows.map(toApiKey) };
    },

    /** The secret is in this answer only; the database keeps its SHA-256. */
    async createApiKey(auth: CompanyAuthContext, input: CreateApiKeyInput): Promise<CreatedApiKey> {
      const branchId = input.branchId ?? null;
      if (branchId !== null && !(await repository.branchExists(auth.companyId, branchId))) {
        throw AppError.validation('branchId', 'Филиал не найден');
      }
      const generated = generateApiKey();
      const keyId = await repository.insertApiKey(auth.companyId, {
        name: input.name,
        prefix: generated.prefix,
        secretHash: generated.hash,
        branchId,
        createdBy: auth.employeeId,
      });
      return { ...(await getApiKey(auth, keyId)), secret: generated.secret };
    },

    async revokeApiKey(auth: CompanyAuthContext, keyId: number): Promise<ApiKey> {
      if (!(await repository.findApiKey(auth.companyId, keyId))) throw notFound();
      const settle = deps.beginKeyChange(auth.companyId);
      let changed = false;
      try {
        changed = await repository.revokeApiKey(auth.companyId, keyId);
      } finally {
        await settle(changed);
      }
      return getApiKey(auth, keyId);
    },
  };
}
