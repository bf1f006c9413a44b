/** How an order was paid: 'test' orders are marked paid without a real charge. */
export function paymentModeLabel(mode: string): string {
  return mode === 'test' ? 'Test mode, no charge' : mode.charAt(0).toUpperCase() + mode.slice(1);
}
