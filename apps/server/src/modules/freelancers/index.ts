/** Freelancer profiles, the directory and its word index. Other modules use only this. */
export { freelancerSearchText, likePattern, replaceFacets, replaceSearchWords } from './freelancers.repository.js';
export { freelancersAdminRoutes, freelancersRoutes } from './freelancers.routes.js';
export { createFreelancersService, type FreelancersService, PROFILE_REVIEWS, REVIEWS_PAGE_SIZE } from './freelancers.service.js';
