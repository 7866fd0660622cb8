export { profileFixtures } from './profile.ts';
export { branchesFixtures } from './branches.ts';
export { departmentsFixtures } from './departments.ts';
export { positionsFixtures } from './positions.ts';
export { employeesFixtures } from './employees.ts';
export { registrationLinksFixtures } from './registration-links.ts';
export { schedulesFixtures } from './schedules.ts';
export { dayOffsFixtures } from './day-offs.ts';
