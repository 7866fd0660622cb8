/** The public entry of features/auth: what other features use of it (eslint.config.js). */
export { currentCompanyQueryOptions } from './api/get-current-company.ts';
