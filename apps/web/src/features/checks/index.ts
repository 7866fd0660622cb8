/** The public entry of features/checks: what other features use of it (eslint.config.js). */
export { checksKeys } from './api/keys.ts';
