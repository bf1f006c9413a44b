import { Resolver } from 'node:dns/promises';

export type TxtLookupResult = { ok: true; records: string[] } | { ok: false; error: string };

/** Finds the TXT records at a name (each record's strings joined, as DNS splits long ones). */
export interface TxtLookup {
  lookup(name: string): Promise<TxtLookupResult>;
}

/** Uses `resolver` ("host:port" or "host") when given, else the system's resolvers. */
export function createTxtLookup(resolver?: string, timeoutMs = 3000): TxtLookup {
  const r = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (resolver) r.setServers([resolver]);
  return {
    async lookup(name) {
      try {
        return { ok: true, records: (await r.resolveTxt(name)).map((parts) => parts.join('')) };
      } catch (error) {
        return { ok: false, error: (error as { code?: string }).code ?? 'ERROR' };
      }
    },
  };
}
