import { type SponsoredCategory, sponsoredCategories, type SponsoredOrder, type SponsoredOrderStatus, sponsoredOrderStatusLabels } from '@market/shared';
import type { CartLineRow, SponsoredCartRow, SponsoredHeadlineRow, SponsoredItemRow, SponsoredOrderView } from './sponsored.repository.js';

const cartStatusLabels: Record<string, string> = {
  open: 'Not ordered yet',
  processing: 'Being ordered',
  ordered: 'Ordered',
};

/** A cart as its owner sees it: its lines grouped by category, in the categories' order. */
export function presentSponsoredCart(cart: SponsoredCartRow, lines: CartLineRow[]) {
  const groups = sponsoredCategories
    .map((c) => {
      const mine = lines.filter((i) => i.category === c.name);
      return {
        name: c.name,
        quantity: mine.length,
        unit_price: c.advertisement_price,
        sub_total: mine.reduce((sum, i) => sum + i.unit_price, 0),
        domains: mine.map((i) => ({ id: i.domain_id, domain_name: i.domain_name })),
      };
    })
    .filter((g) => g.quantity > 0);
  return {
    id: cart.id,
    total_amount: cart.total_amount,
    status: cart.status,
    status_label: cartStatusLabels[cart.status] ?? cart.status,
    category: groups,
    created_at: cart.created_at,
  };
}

/**
 * A sponsored order as its owner sees it (an admin also sees who placed it). Before the money
 * arrives its headlines are the cart's lines, not started; bank instructions go to the owner while
 * the order waits, beside the card page when a card provider is set up.
 */
export function presentSponsoredOrder(
  o: SponsoredOrderView,
  lines: { items: SponsoredItemRow[]; headlines: SponsoredHeadlineRow[] },
  options: { bankDetails: string; forAdmin?: boolean; now?: number; view: { allowed_actions: string[]; next_step: string } },
): SponsoredOrder {
  const now = options.now ?? Date.now();
  const status = o.status as SponsoredOrderStatus;
  const started = lines.headlines.filter((h) => h.order_id === o.id);
  const headlines =
    started.length > 0
      ? started.map((h) => ({
          domain_id: h.domain_id,
          domain_name: h.domain_name,
          category: h.category as SponsoredCategory,
          advertisement_price: h.advertisement_price,
          starts_at: h.starts_at,
          ends_at: h.ends_at,
          running: Date.parse(h.starts_at) <= now && Date.parse(h.ends_at) > now,
        }))
      : lines.items
          .filter((i) => i.cart_id === o.cart_id)
          .map((i) => ({
            domain_id: i.domain_id,
            domain_name: i.domain_name,
            category: i.category as SponsoredCategory,
            advertisement_price: i.unit_price,
            starts_at: null,
            ends_at: null,
            running: false,
          }));
  return {
    id: o.id,
    cart_id: o.cart_id,
    total_amount: o.total_amount,
    amount_cents: o.amount_cents,
    status,
    status_label: sponsoredOrderStatusLabels[status] ?? o.status,
    payment_mode: o.payment_mode,
    payment_reference: o.payment_reference,
    payment_instructions: options.view.allowed_actions.includes('pay_by_bank_transfer')
      ? { reference: o.payment_reference, amount_cents: o.amount_cents, details: options.bankDetails }
      : null,
    pay_by: o.pay_by,
    paid_at: o.paid_at,
    paid_reference: o.paid_reference,
    ends_at: started.reduce<string | null>((latest, h) => (latest === null || h.ends_at > latest ? h.ends_at : latest), null),
    created_at: o.created_at,
    ...(options.forAdmin ? { user: { id: o.user_id, first_name: o.first_name, last_name: o.last_name, email: o.email } } : {}),
    headlines,
    next_step: options.view.next_step,
    allowed_actions: options.view.allowed_actions as SponsoredOrder['allowed_actions'],
  };
}
