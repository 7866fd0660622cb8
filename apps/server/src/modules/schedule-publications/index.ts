/** The public entry of modules/schedule-publications (decision 028): what an employee may see of their own plan. */
export {
  type SchedulePublicationsService,
  createSchedulePublicationsService,
} from './schedule-publications.service.ts';
