/** The public entry of modules/jobs: what other modules and db/demo use of it (eslint.config.js). */
export { PermanentJobError, cancelJobs, enqueueJob, enqueueJobs } from './jobs.ts';
export type { JobContext, JobHandler, JobHandlers } from './jobs.ts';
