/** The public entry of modules/auth: what other modules and db/demo use of it (eslint.config.js). */
export { createAuthRepository } from './auth.repository.ts';
export type { AuthService } from './auth.service.ts';
export type { SmsProvider } from './sms.ts';
export type { AttemptLimiter, LimitWindow } from './attempt-limiter.ts';
