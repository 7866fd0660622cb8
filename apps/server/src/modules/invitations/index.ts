/** The public entry of modules/invitations: what other modules and db/demo use of it (eslint.config.js). */
export { createInvitation } from './invitations.service.ts';
