import { z } from 'zod';
import { yesNo } from '../domains.js';

/**
 * One row of a search answer (`GET /api/domains/search/`): what a result list shows and what
 * its row actions need (buy, offer, trade or breeder request, "your own domain"), no more.
 * The full domain, with its description, counters and pitches, comes from
 * `GET /api/domains/{id}`; docs/decisions.md says why the rows are lean.
 */
export const searchRowSchema = z.object({
  id: z.number().int(),
  /** As typed by its owner (Unicode for an IDN). */
  domain_name: z.string(),
  business_status: z.string(),
  /** Null unless the listing is Buy Now: the other listing types keep their price private (`showsAskingPrice`). */
  seller_price: z.number().int().nullable(),
  buyer_price: z.number().int().nullable(),
  min_offer: z.number().int(),
  /** Priced above the broker threshold (the Throughbeeds filter): said even where the price is private. */
  thoroughbred: z.boolean(),
  trade_option: z.string().nullable(),
  trade_switch: z.enum(yesNo),
  startup_breeders: z.string().nullable(),
  startup_breeders_switch: z.enum(yesNo),
  created_at: z.string(),
  /** "or $X a month" when the name is offered on lease to own ('' when not; absent from older servers). */
  lease_monthly_line: z.string().optional(),
  /** Always empty here: pitches are listed with the domain itself. */
  videos: z.array(z.object({ id: z.number().int() })).max(0),
  /** The owner, as the public sees them (an app hides its actions on the viewer's own rows). */
  user: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
});
export type SearchRow = z.infer<typeof searchRowSchema>;
export const searchAnswerSchema = z.array(searchRowSchema);
