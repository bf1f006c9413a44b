import { domainMessages as dm } from '@market/shared';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import * as repo from './domains.repository.js';

export interface PassToBuyerInput {
  domainId: number;
  /** Who sold it: the domain must still be theirs. */
  sellerId: number;
  buyerId: number;
  /** The completed order, named in the refusal. */
  orderId: number;
  /** The moment of completion (ISO), the new owner's start. */
  at: string;
}

/**
 * A completed sale: the name (the same row, since a name is listed once on the marketplace)
 * becomes the buyer's, in the caller's transaction. It arrives as a fresh import would:
 * pending approval, nameservers unchecked, no price or listing options, and public only once an
 * admin approves it. What was the seller's stays theirs: leads and pitches keep their seller,
 * visits before today are not the buyer's, the seller's running headlines stop, and open claims
 * against the seller's holding are closed.
 *
 * Refuses (409, nothing written) if the domain is no longer the seller's, so the payout that
 * calls it rolls back with it and money and ownership never disagree.
 */
export async function passToBuyer(trx: Executor, { domainId, sellerId, buyerId, orderId, at }: PassToBuyerInput): Promise<void> {
  if (!(await repo.handOver(trx, domainId, sellerId, buyerId, at))) {
    throw new AppError('CONFLICT', dm.notTheSellers, undefined, { order_id: orderId, domain_id: domainId });
  }
  await repo.leaveSellerBehind(trx, domainId, buyerId, at);
  // The seller's DNS records were theirs; the buyer starts from the landing page.
  await trx.deleteFrom('dns_records').where('domain_id', '=', domainId).execute();
  await repo.updateDomain(trx, domainId, { dns_landing: 1 });
}
