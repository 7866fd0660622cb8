/** The public entry of modules/payments: what other modules and db/demo use of it (eslint.config.js). */
export { cloudPaymentsSettings } from './payment-provider.ts';
