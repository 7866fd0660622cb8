export * from './common.ts';
export * from './roles.ts';
export * from './work-time.ts';
export * from './fields.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './product.ts';
export * from './structure.ts';
export * from './employees.ts';
export * from './config.ts';
export * from './schedule-definition.ts';
export * from './schedules.ts';
export * from './day-offs.ts';
export * from './calendar.ts';
export * from './plans.ts';
export * from './admin-geo.ts';
export * from './admin-companies.ts';
export * from './admin-users.ts';
export * from './checks.ts';
export * from './reports.ts';
export * from './attendance.ts';
export * from './hours.ts';
export * from './analytics.ts';
export * from './notifications.ts';
export * from './invitations.ts';

import { z } from 'zod';
// Messages of the built-in checks in Russian, for the server's 422 details and the web forms alike.
z.config(z.locales.ru());
