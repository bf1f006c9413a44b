/** The admin pages' API (users, roles, subscriptions, approvals, claims, the audit log). Other modules use only this. */
export { adminRoutes } from './admin.routes.js';
export { type AdminService, createAdminService } from './admin.service.js';
