export { dnsRecordsRoutes } from './dns-records.routes.js';
export { createDnsRecordsService } from './dns-records.service.js';
