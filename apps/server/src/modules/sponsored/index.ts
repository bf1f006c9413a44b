/** Sponsored headlines: carts, orders and their payment. Other modules use only this. */
export { sponsoredAdminRoutes, sponsoredRoutes } from './sponsored.routes.js';
export { createSponsoredService, type SponsoredService } from './sponsored.service.js';
export { seedDemoHeadlines } from './demo-headlines.js';
