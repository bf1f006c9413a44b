import { z } from 'zod';
import { excludeFilters, listingTypeFilters, tradeOptions } from '../domains.js';

export const SEARCH_PAGE_CAP = 1000;
export const SEARCH_COUNT_CAP = 1000;

const range = z.tuple([z.number().min(0), z.number().min(0)]);
const fragment = z.string().trim().max(253);

/** The `filters` JSON of a search (docs/product.md section 5, Search filters). */
export const searchFilters = z.object({
  business_status: z.array(z.enum(listingTypeFilters)).max(10).optional(),
  trade_options: z.array(z.enum(tradeOptions)).max(10).optional(),
  extensions: z.array(z.string().trim().max(63)).max(100).optional(),
  priceRange: range.optional(),
  characterRange: range.optional(),
  Exclude: z.array(z.enum(excludeFilters)).max(3).optional(),
  starting_with: fragment.optional(),
  ending_with: fragment.optional(),
});
export type SearchFilters = z.infer<typeof searchFilters>;

/**
 * A query-string parameter that carries JSON, as the search call takes its lists. Absent, empty
 * (`extensions=`) and JSON `null` all mean "no filter": each is how some client says nothing.
 */
function jsonParam<T extends z.ZodType>(schema: T, label: string) {
  return z
    .string()
    .max(8192)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      try {
        const parsed = JSON.parse(raw) as unknown;
        return (parsed === null ? undefined : parsed) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} must be JSON.` });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());
}

export const searchQuery = z.object({
  domain_name: z.string().max(253).optional().default(''),
  extensions: jsonParam(z.array(z.string().trim().max(63)).max(100), 'extensions'),
  filters: jsonParam(searchFilters, 'filters'),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_CAP).default(100),
  offset: z.coerce.number().int().min(0).max(SEARCH_COUNT_CAP).default(0),
});
export type SearchQuery = z.input<typeof searchQuery>;
