/** The public entry of modules/audit: what other modules and db/demo use of it (eslint.config.js). */
export { createAuditRepository } from './audit.repository.ts';
