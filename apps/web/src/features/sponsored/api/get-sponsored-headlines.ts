import { useQuery } from '@tanstack/react-query';
import { type SponsoredCategory, sponsoredCategoryNames } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sponsoredKeys } from './query-keys';

export const sponsoredCategorySchema = z.enum(sponsoredCategoryNames);

/** GET /api/domains/sponsored-headlines/ (public): running headlines, newest first. */
export const sponsoredHeadlineSchema = z.object({
  id: z.number(),
  category_obj: z.object({ id: z.number(), name: sponsoredCategorySchema, advertisement_price: z.number() }),
  // The public Domain; only what the sponsored views read.
  domain_obj: z.object({
    id: z.number(),
    domain_name: z.string(),
    seller_price: z.number(),
    business_status_label: z.string().optional(),
    trade_option: z.string().nullable().optional(),
    user: z.object({ id: z.number().optional() }).optional(),
  }),
  advertisement_price: z.number(),
  created_at: z.string(),
  ends_at: z.string().nullable().optional(),
});
export type SponsoredHeadline = z.infer<typeof sponsoredHeadlineSchema>;

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
