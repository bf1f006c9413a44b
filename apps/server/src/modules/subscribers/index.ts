/** The newsletter's subscribe call. Other modules use only this. */
export { subscribersRoutes } from './subscribers.routes.js';
