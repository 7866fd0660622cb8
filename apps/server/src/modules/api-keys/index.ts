/** The public entry of modules/api-keys: what other modules and db/demo use of it (eslint.config.js). */
export { generateApiKey } from './api-key-secret.ts';
