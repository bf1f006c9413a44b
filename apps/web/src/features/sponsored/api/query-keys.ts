/** One family of query keys for sponsored data, so an order can refresh every view of it. */
export const sponsoredKeys = {
  all: ['sponsored'] as const,
  headlines: () => ['sponsored', 'headlines'] as const,
  paymentMode: () => ['sponsored', 'payment-mode'] as const,
  eligible: () => ['sponsored', 'eligible'] as const,
  orders: () => ['sponsored', 'orders'] as const,
};
