/** The public entry of modules/availability: the calendar reads employees' marks through it. */
export { createAvailabilityRepository, toAvailabilityMark } from './availability.repository.ts';
