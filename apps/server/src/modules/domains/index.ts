/** The domains for sale: their rows, import, editing and nameserver checks. Other modules use only this. */
export { describeDomain } from './domain-name.js';
export { ownerOf, presentDomain, presentDomainWithPrices } from './domains.presenter.js';
export { type DomainRow, type DomainWithOwner, findDomain, importedDomain, insertDomains, selectWithOwner, updateDomain } from './domains.repository.js';
export { domainsRoutes } from './domains.routes.js';
export { createDomainsService, type DomainsService } from './domains.service.js';
export { createNameserverService, type NameserverService } from './nameservers.service.js';
export { passToBuyer } from './pass-to-buyer.js';
