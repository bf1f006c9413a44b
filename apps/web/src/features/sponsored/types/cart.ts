import { z } from 'zod';
import { sponsoredCategorySchema } from '../api/get-sponsored-headlines';

/** The cart as POST /cart/ answers it (and as it is stored locally); prices and totals are the server's. */
export const cartSchema = z.object({
  id: z.number(),
  total_amount: z.number(),
  status: z.string(),
  status_label: z.string().optional(),
  category: z.array(
    z.object({
      name: sponsoredCategorySchema,
      quantity: z.number(),
      unit_price: z.number(),
      sub_total: z.number(),
      domains: z.array(z.object({ id: z.number(), domain_name: z.string() })).default([]),
    }),
  ),
  created_at: z.string().optional(),
});
export type Cart = z.infer<typeof cartSchema>;
