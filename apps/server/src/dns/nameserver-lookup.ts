import { Resolver } from 'node:dns/promises';

export type NsLookupResult = { ok: true; nameservers: string[] } | { ok: false; error: string };

/** Finds a domain's NS records. One interface: system resolver, a configured one, or a fake. */
export interface NameserverLookup {
  lookup(domain: string): Promise<NsLookupResult>;
}

export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** Uses `resolver` ("host:port" or "host") when given, else the system's resolvers. */
export function createDnsLookup(resolver?: string, timeoutMs = 3000): NameserverLookup {
  const r = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (resolver) r.setServers([resolver]);
  return {
    async lookup(domain) {
      try {
        return { ok: true, nameservers: (await r.resolveNs(domain)).map(normalizeHost) };
      } catch (error) {
        return { ok: false, error: (error as { code?: string }).code ?? 'ERROR' };
      }
    },
  };
}

/** Verified when every nameserver of ours is among the domain's NS records. */
export function pointsAtUs(found: string[], ours: string[]): boolean {
  const set = new Set(found.map(normalizeHost));
  return ours.length > 0 && ours.every((ns) => set.has(normalizeHost(ns)));
}
