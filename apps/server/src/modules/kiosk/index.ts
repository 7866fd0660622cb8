/** The public entry of modules/kiosk (decision 031). */
export { kioskRoutes } from './kiosk.routes.ts';
export { createKioskService, type KioskService } from './kiosk.service.ts';
