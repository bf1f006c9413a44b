export { crawlerRoutes, siteRoutes } from './site.routes.js';
