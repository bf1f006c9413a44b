import {
  businessStatusLabel,
  type Domain,
  type DomainStatus,
  domainStatusLabels,
  type NameserverState,
  nameserverStateLabels,
  isThoroughbred,
  leaseMonthlyLine,
  leaseMonthlyOf,
  type OwnDomain,
  publicPrices,
  withLastInitial,
} from '@market/shared';
import type { DomainWithOwner } from './domains.repository.js';

const yesNo = (v: number) => (v ? 'Yes' : 'No') as 'Yes' | 'No';

/**
 * The Domain shape of the API (`domainSchema` in packages/shared); public, so it carries no
 * private owner data, nor the price of a listing that keeps it private (`publicPrices`).
 */
export function presentDomain(row: DomainWithOwner): Domain {
  return {
    id: row.id,
    domain_name: row.domain_unicode,
    domain_ascii: row.domain_name,
    domain_extension: row.domain_extension,
    business_status: row.business_status,
    business_status_label: businessStatusLabel(row.business_status),
    ...publicPrices(row),
    min_offer: row.min_offer,
    thoroughbred: isThoroughbred(row.seller_price),
    trade_option: row.trade_option,
    trade_switch: yesNo(row.trade_switch),
    startup_breeders: row.startup_breeders,
    startup_breeders_switch: yesNo(row.startup_breeders_switch),
    description: row.description,
    visits: row.visits,
    video_pitch_leads: row.video_pitch_leads,
    status: row.status as DomainStatus,
    status_label: domainStatusLabels[row.status as DomainStatus] ?? row.status,
    is_approved: row.status === 'approved',
    sale_status: row.sale_status,
    lease_monthly_line: row.sale_status === 'available' ? leaseMonthlyLine(leaseMonthlyOf(row)) : '',
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Empty here: the answers about one domain and the owner's portfolio fill it through
    // withVideos (domains.routes.ts); lists of other people's domains leave it empty (docs/decisions.md).
    videos: [],
    // A public answer: the owner's last name only as its initial (docs/product.md, "Names").
    user: withLastInitial(ownerOf(row)),
  };
}

/** The owner named in full: for the owner themself and admins' screens only. */
export function ownerOf(row: DomainWithOwner) {
  return { id: row.user_id, first_name: row.owner_first_name, last_name: row.owner_last_name };
}

/** The domain with its prices whatever its listing type: for its owner and for admins. */
export function presentDomainWithPrices(row: DomainWithOwner) {
  return { ...presentDomain(row), seller_price: row.seller_price, buyer_price: row.buyer_price };
}

/** What only the owner (and admins) see: review and nameserver state, and the prices. */
export function presentOwnDomain(row: DomainWithOwner): OwnDomain {
  return {
    ...presentDomainWithPrices(row),
    user: ownerOf(row),
    reviewed_at: row.reviewed_at,
    ns_status: row.ns_status as NameserverState,
    ns_status_label: nameserverStateLabels[row.ns_status as NameserverState] ?? row.ns_status,
    ns_checked_at: row.ns_checked_at,
  };
}
