import type { Db } from '../db/client.ts';
import type { AuthService } from './auth/auth.service.ts';

/** What business modules receive from app.ts. */
export type ModuleDeps = {
  db: Db;
  authService: AuthService;
  /** Limit for public, unauthenticated write routes (register-with-link …). */
  authRateLimit: { max: number; timeWindow: string };
};
