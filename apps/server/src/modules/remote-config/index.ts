/** The public entry of modules/remote-config: what other modules and db/demo use of it (eslint.config.js). */
export type { RemoteConfigService } from './remote-config.service.ts';
