import { PRODUCT_NAME, type TokenPair } from '@smena/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** Super admin only: tokens that act as the ADMIN of company `companyId` (impersonation, audited on the server). */
export function authWithAdmin(companyId: number): Promise<TokenPair> {
  return apiClient.post<TokenPair>(`/auth/auth-with-admin/${companyId}`, { execAs: PRODUCT_NAME });
}
