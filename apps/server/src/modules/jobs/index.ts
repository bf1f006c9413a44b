/** Job posts, applications and the hire that opens an engagement. Other modules use only this. */
export { jobsRoutes } from './jobs.routes.js';
export { createJobsService, type JobsService } from './jobs.service.js';
