/** The deviations module's public entry. */
export { deviationsRoutes } from './deviations.routes.ts';
