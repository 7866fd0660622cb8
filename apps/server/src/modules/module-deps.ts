import type { Db } from '../db/client.ts';
import type { AuthService, SmsProvider } from './auth/index.ts';

/** What business modules receive from app.ts. */
export type ModuleDeps = {
  db: Db;
  authService: AuthService;
  /** Text messages (a repeated invitation of employees who have not signed in yet). */
  sms: SmsProvider;
  /** Limit for public, unauthenticated write routes (register-with-link …). */
  authRateLimit: { max: number; timeWindow: string };
  /**
   * Before a write that changes what a company's API keys may do (block, unblock); the answer,
   * called after the commit with whether anything changed, makes every instance's key cache
   * forget the company before the caller is answered.
   */
  beginCompanyAccessChange?: (companyId: number) => (changed: boolean) => Promise<void>;
};
