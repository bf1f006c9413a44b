/** The order id in an address, or undefined when it cannot be one. */
export function parseOrderId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
