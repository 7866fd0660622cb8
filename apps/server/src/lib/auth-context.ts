import type { Role } from '@smena/contract';
import type { EmployeeScope } from '../db/employee-scope.ts';

/** Every key starts with this: recognisable in a header, in a config file or in a leak scanner. */
export const API_KEY_PREFIX = 'smk_';

/** The role of a caller authenticated by an API key (a terminal or an integration), not a person. */
export const API_KEY_ROLE = 'API_KEY' as const;
export type AuthRole = Role | typeof API_KEY_ROLE;

/**
 * Who is calling, taken from a verified token and a live session — never from the request body.
 * An API key yields a company context too: role API_KEY, `apiKey` set, no user (userId and
 * employeeId are 0, never written anywhere: key routes record `apiKey.id` instead).
 */
export type AuthContext = {
  userId: number;
  sessionId: string;
  companyId: number | null;
  employeeId: number | null;
  role: AuthRole;
  impersonatorId: number | null;
  /**
   * The employees this caller may see and act on (decision 016), computed once per request:
   * the whole company, a manager's branches and departments, or the caller alone.
   */
  scope: EmployeeScope;
  apiKey?: { id: number; branchId: number | null };
  /**
   * The company's paid-until as read with the session or the key (the payment gate needs no
   * query of its own); undefined when the caller was not authenticated through those.
   */
  companyPaidUntil?: Date | null;
};

/** The same context narrowed to a caller inside a company. */
export type CompanyAuthContext = AuthContext & { companyId: number; employeeId: number };

export type RequestMeta = { userAgent: string | null; ip: string | null };

/** Turns an access token into the caller, or throws the AppError the caller should see. */
export type AccessTokenAuthenticator = (token: string) => Promise<AuthContext>;

/** What an API key stands for (modules/api-keys reads it; the auth plugin turns it into a caller). */
export type ApiKeyIdentity = {
  keyId: number;
  companyId: number;
  /** A key bound to a branch creates checks at that branch only. */
  branchId: number | null;
  companyBlocked: boolean;
  companyPaidUntil: Date | null;
};
