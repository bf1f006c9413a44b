import { useQuery } from '@tanstack/react-query';
import { type SponsoredCategory, type SponsoredHeadline, sponsoredHeadlineSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredKeys } from './query-keys';

export type { SponsoredHeadline };

/** GET /api/domains/sponsored-headlines/ (public): running headlines, newest first. */
export async function getSponsoredHeadlines(signal?: AbortSignal): Promise<SponsoredHeadline[]> {
  // Public: no Authorization header, so a stale session never affects these pages.
  return z.array(sponsoredHeadlineSchema).parse(await api.get<unknown>('/api/domains/sponsored-headlines/', { signal, auth: false }));
}

export type HeadlinesByCategory = Record<SponsoredCategory, SponsoredHeadline[]>;

/** The list split by category (the server already orders it newest first). */
export function byCategory(headlines: SponsoredHeadline[]): HeadlinesByCategory {
  const split: HeadlinesByCategory = { 'Buy Now': [], 'Trade Domains': [], 'Startup Breeders': [] };
  for (const headline of headlines) split[headline.category_obj.name].push(headline);
  return split;
}

export function useSponsoredHeadlines() {
  return useQuery({
    queryKey: sponsoredKeys.headlines(),
    queryFn: ({ signal }) => getSponsoredHeadlines(signal),
    select: byCategory,
  });
}
