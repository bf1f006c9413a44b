import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { accounts } from './0001-accounts.js';
import { domains } from './0002-domains.js';
import { leads } from './0003-leads.js';
import { sponsored } from './0004-sponsored.js';
import { videos } from './0005-videos.js';
import { admin } from './0006-admin.js';
import { settings } from './0007-settings.js';
import { searchOrder } from './0008-search-order.js';
import { labelOrder } from './0009-label-order.js';
import { listedIndexes } from './0010-listed-indexes.js';
import { searchChanges } from './0011-search-changes.js';
import { deals } from './0012-deals.js';
import { sponsoredPayments } from './0013-sponsored-payments.js';
import { mailOutbox } from './0014-mail-outbox.js';
import { freelancers } from './0015-freelancers.js';
import { engagements } from './0016-engagements.js';
import { searchRowColumns } from './0018-search-row-columns.js';
import { reviews } from './0019-reviews.js';
import { jobs } from './0020-jobs.js';
import { freelancerSearchWords } from './0021-freelancer-search-words.js';
import { reviewsByAuthor } from './0022-reviews-by-author.js';
import { escrowLedger } from './0023-escrow-ledger.js';
import { changeOfHands } from './0024-change-of-hands.js';
import { roughVideoModeration } from './0025-rough-video-moderation.js';
import { reviewAggregates } from './0026-review-aggregates.js';
import { dnsZones } from './0027-dns-zones.js';
import { searchFreshness } from './0028-search-freshness.js';
import { leases } from './0029-leases.js';
import { leaseSearchTerms } from './0030-lease-search-terms.js';
import { leaseOffers } from './0031-lease-offers.js';

/** Ordered by name; add new migrations with the next number. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-accounts': accounts(dialect),
    '0002-domains': domains(dialect),
    '0003-leads': leads(dialect),
    '0004-sponsored': sponsored(dialect),
    '0005-videos': videos(dialect),
    '0006-admin': admin(dialect),
    '0007-settings': settings(dialect),
    '0008-search-order': searchOrder(),
    '0009-label-order': labelOrder(dialect),
    '0010-listed-indexes': listedIndexes(dialect),
    '0011-search-changes': searchChanges(dialect),
    '0012-deals': deals(dialect),
    '0013-sponsored-payments': sponsoredPayments(),
    '0014-mail-outbox': mailOutbox(dialect),
    '0015-freelancers': freelancers(dialect),
    '0016-engagements': engagements(dialect),
    '0018-search-row-columns': searchRowColumns(dialect),
    '0019-reviews': reviews(dialect),
    '0020-jobs': jobs(dialect),
    '0021-freelancer-search-words': freelancerSearchWords(dialect),
    '0022-reviews-by-author': reviewsByAuthor(),
    '0023-escrow-ledger': escrowLedger(dialect),
    '0024-change-of-hands': changeOfHands(),
    '0025-rough-video-moderation': roughVideoModeration(),
    '0026-review-aggregates': reviewAggregates(),
    '0027-dns-zones': dnsZones(dialect),
    '0028-search-freshness': searchFreshness(dialect),
    '0029-leases': leases(dialect),
    '0030-lease-search-terms': leaseSearchTerms(dialect),
    '0031-lease-offers': leaseOffers(),
  };
}
