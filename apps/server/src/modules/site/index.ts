export { siteRoutes } from './site.routes.js';
