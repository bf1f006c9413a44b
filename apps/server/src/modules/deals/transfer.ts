import { randomBytes } from 'node:crypto';
import { dealMessages as dm, type StartTransferRequest, transferMethodLabels, transferTxtName } from '@market/shared';
import type { TxtLookup } from '../../dns/txt-lookup.js';
import { AppError } from '../../errors.js';
import type { AuthCodeBox } from './auth-code-box.js';

/**
 * How a name passes to its buyer, the same for a sale and a lease paid in full: the seller starts
 * the transfer (a push between accounts, or an authorisation code only the buyer reads), and the
 * buyer proves they hold the name with a TXT record carrying a token.
 */

/** What starting a transfer records: how, the push account or the sealed code, and the token the DNS proof must show. */
export function startTransferChange(body: StartTransferRequest, authCodes: AuthCodeBox) {
  return {
    // The history says how, never the code itself.
    note: transferMethodLabels[body.method],
    patch: {
      transfer_method: body.method,
      push_account: body.method === 'push' ? body.push_account : null,
      auth_code_secret: body.method === 'auth_code' ? authCodes.seal(body.auth_code) : null,
      dns_token: randomBytes(16).toString('base64url'),
    },
  };
}

/**
 * Looks up the buyer's TXT record. Without the token there, `notYet` is called (to note when it was
 * looked for) and the buyer is told where we looked.
 */
export async function expectTransferProof(txt: TxtLookup, domainAscii: string, token: string | null, notYet: () => Promise<unknown>): Promise<void> {
  const name = transferTxtName(domainAscii);
  const found = await txt.lookup(name);
  if (found.ok && found.records.some((r) => r.trim() === token)) return;
  await notYet();
  throw new AppError('CONFLICT', dm.dnsNotFound(name));
}
