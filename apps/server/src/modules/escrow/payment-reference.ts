import { randomBytes } from 'node:crypto';

/** A reference a buyer can type into a bank transfer: no 0/O or 1/I to mix up. */
export function newPaymentReference(prefix = 'DM'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
