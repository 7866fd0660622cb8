/** The public entry of modules/employees: what other modules and db/demo use of it (eslint.config.js). */
export { createEmployeesRepository } from './employees.repository.ts';
export { assertStructureOfCompany, phoneTaken } from './employees.service.ts';
export { assertSeatAvailable, countActiveEmployees, lockCompany } from './plan-limit.ts';
export { createEmployeesService } from './employees.service.ts';
