import { formatCents, type Cents } from '@market/shared';

/**
 * Amount fields. What people type is read by the shared parsers (packages/shared/src/money.ts),
 * the rule the server applies too: parseCents for an amount to pay (above zero), readCents where
 * zero or an empty field means something. Neither ever rounds: text that is not dollars and
 * cents is the field's error.
 */
export { parseCents, readCents } from '@market/shared';

/**
 * "1295.70": cents as an amount field is filled with, the shared formatter's text without the
 * "$" the field shows beside it and the thousands commas one would retype. Reads back to the
 * same cents.
 */
export function amountFieldText(cents: Cents): string {
  return formatCents(cents).replace(/[$,]/g, '');
}

/** A field's error for typed text that is not an amount. */
export const AMOUNT_INVALID = 'Enter an amount in dollars, like 500 or 1,250.50.';
