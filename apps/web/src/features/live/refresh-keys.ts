import type { QueryFilters } from '@tanstack/react-query';
import type { LiveEvent } from '@market/shared';
import { engagementKeys } from '@/features/engagements';
import { allNotificationsKey } from '@/features/notifications';
import { orderKeys } from '@/features/orders';
import { leadSummaryKey, negotiationViewKey, stableCountsKey } from '@/features/stable';

/**
 * The queries a change makes stale: the thing itself (its page, and everything under its key),
 * the lists that show it, and the counters its news moves.
 */
export function queriesToRefresh(event: LiveEvent): QueryFilters[] {
  switch (event.kind) {
    case 'order':
      return [{ queryKey: orderKeys.one(event.id) }, { queryKey: orderKeys.all, exact: true }, { queryKey: stableCountsKey }, { queryKey: leadSummaryKey }];
    case 'negotiation':
      // An accepted offer is also a new order.
      return [{ queryKey: negotiationViewKey(event.id) }, { queryKey: leadSummaryKey }, { queryKey: stableCountsKey }, { queryKey: orderKeys.all, exact: true }];
    case 'engagement':
      return [{ queryKey: engagementKeys.one(event.id) }, { queryKey: engagementKeys.all, exact: true }, { queryKey: engagementKeys.unread }];
    case 'notification':
      return [{ queryKey: allNotificationsKey }, { queryKey: stableCountsKey }];
    case 'lease':
      return [{ queryKey: ['leases'] }];
  }
}

/** After the stream was down, anything may have changed unannounced: every kind's queries. */
export const everythingLive: QueryFilters[] = [
  { queryKey: orderKeys.all },
  { queryKey: ['stable'] },
  { queryKey: engagementKeys.all },
  { queryKey: ['leases'] },
  { queryKey: allNotificationsKey },
];
