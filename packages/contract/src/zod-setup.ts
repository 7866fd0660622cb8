import { z } from 'zod';

// Messages of the built-in checks in Russian, for the server's 422 details and the web forms
// alike. Every module that defines schemas imports this one first, so the setting holds in any
// bundle that takes only some of the contract's modules (package.json `sideEffects`).
z.config(z.locales.ru());
