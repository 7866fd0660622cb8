/** The public entry of modules/checks: what other modules and db/demo use of it (eslint.config.js). */
export { AUTO_CLOSE_REASON } from './auto-close.ts';
export { checkSnapshot } from './checks.repository.ts';
export { haversineMetres } from './geo.ts';
export { applyRequestedCheck, type RequestedCheck } from './checks.corrections.ts';
export { OVERLAP_MESSAGE } from './checks.shared.ts';
export { createPresencePunch, recordCheckRefusals, type CheckRefusal } from './checks.kiosk.ts';
