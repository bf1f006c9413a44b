/** Domain leads: the negotiation, the sale it becomes, requests and notifications. Other modules use only this. */
export { findLead } from './leads.repository.js';
export { leadsRoutes } from './leads.routes.js';
export { createLeadsService, type LeadsService } from './leads.service.js';
