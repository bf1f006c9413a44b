import { z } from 'zod';

/** Record types a domain's controller may set; SOA and NS are ours. */
export const dnsRecordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;
export type DnsRecordType = (typeof dnsRecordTypes)[number];

export const dnsLimits = {
  maxRecords: 50,
  minTtl: 60,
  maxTtl: 86_400,
  defaultTtl: 3600,
  maxPriority: 65_535,
  /** One TXT character-string holds 255 octets; longer values are split into several. */
  txtStringLength: 255,
  maxTxtLength: 2048,
} as const;

export const dnsMessages = {
  tooManyRecords: `A domain has at most ${dnsLimits.maxRecords} records.`,
  ttlRange: `TTL is between ${dnsLimits.minTtl} and ${dnsLimits.maxTtl} seconds.`,
  badName: 'Name is @ for the domain itself, or labels like www or mail (letters, digits and hyphens).',
  badIpv4: 'Enter an IPv4 address like 203.0.113.10.',
  badIpv6: 'Enter an IPv6 address like 2001:db8::10.',
  badHostname: 'Enter a host name like mail.example.com.',
  priorityRange: `Priority is a whole number from 0 to ${dnsLimits.maxPriority}.`,
  priorityOnlyMx: 'Only MX records have a priority.',
  txtTooLong: `TXT text is at most ${dnsLimits.maxTxtLength} characters.`,
  txtNotAscii: 'TXT text is printable ASCII.',
  cnameAtApex: 'The domain itself (@) cannot be a CNAME.',
  cnameAlone: 'A name with a CNAME has no other records.',
  landingConflict: 'While the landing page is kept, @ and www have no A, AAAA or CNAME records of yours.',
  notController: 'Only the holder of this domain sets its DNS records.',
  notServed: 'DNS records are served once the domain is approved and its nameservers point at ours.',
  saved: 'DNS records saved.',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const RELATIVE_NAME_MAX = 190;

/** `@`, or dot-separated labels relative to the zone (`www`, `mail`, `a.b`). */
export function isRelativeName(name: string): boolean {
  if (name === '@') return true;
  if (name.length > RELATIVE_NAME_MAX) return false;
  const labels = name.split('.');
  return labels.every((l) => LABEL.test(l));
}

export function isHostname(host: string): boolean {
  const h = host.replace(/\.$/, '');
  if (h.length === 0 || h.length > 253) return false;
  const labels = h.split('.');
  return labels.length >= 2 && labels.every((l) => /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i.test(l));
}

export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

export function isIpv6(value: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(value) || value.length > 45) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const all = halves.flatMap(groups);
  const last = all[all.length - 1];
  const v4Tail = last !== undefined && last.includes('.');
  if (v4Tail && !isIpv4(last)) return false;
  const hexGroups = v4Tail ? all.slice(0, -1) : all;
  if (!hexGroups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  const count = hexGroups.length + (v4Tail ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

export const dnsRecordInputSchema = z.object({
  name: z.string().trim().toLowerCase(),
  type: z.enum(dnsRecordTypes),
  content: z.string().trim(),
  ttl: z.number().int().default(dnsLimits.defaultTtl),
  /** MX only. */
  priority: z.number().int().nullable().default(null),
});
export type DnsRecordInput = z.input<typeof dnsRecordInputSchema>;
export type DnsRecord = z.output<typeof dnsRecordInputSchema>;

/** Why one record is not valid, or null. */
export function dnsRecordProblem(r: DnsRecord): string | null {
  if (!isRelativeName(r.name)) return dnsMessages.badName;
  if (r.ttl < dnsLimits.minTtl || r.ttl > dnsLimits.maxTtl) return dnsMessages.ttlRange;
  if (r.type !== 'MX' && r.priority !== null) return dnsMessages.priorityOnlyMx;
  switch (r.type) {
    case 'A':
      return isIpv4(r.content) ? null : dnsMessages.badIpv4;
    case 'AAAA':
      return isIpv6(r.content) ? null : dnsMessages.badIpv6;
    case 'CNAME':
      if (r.name === '@') return dnsMessages.cnameAtApex;
      return isHostname(r.content) ? null : dnsMessages.badHostname;
    case 'MX':
      if (r.priority === null || r.priority < 0 || r.priority > dnsLimits.maxPriority) return dnsMessages.priorityRange;
      return isHostname(r.content) ? null : dnsMessages.badHostname;
    case 'TXT':
      if (r.content.length === 0 || r.content.length > dnsLimits.maxTxtLength) return dnsMessages.txtTooLong;
      return /^[\x20-\x7e]+$/.test(r.content) ? null : dnsMessages.txtNotAscii;
  }
}

/** PUT /api/domains/{id}/dns/: the whole record set, replacing the one before. */
export const dnsRecordsInputSchema = z
  .object({
    /** Serve A/AAAA for @ and www pointing at the landing page, beside the records below. */
    keep_landing: z.boolean(),
    records: z.array(dnsRecordInputSchema).max(dnsLimits.maxRecords, dnsMessages.tooManyRecords),
  })
  .superRefine((value, ctx) => {
    const cnames = new Set(value.records.filter((r) => r.type === 'CNAME').map((r) => r.name));
    value.records.forEach((r, i) => {
      const problem =
        dnsRecordProblem(r) ??
        (cnames.has(r.name) && value.records.some((o) => o !== r && o.name === r.name) ? dnsMessages.cnameAlone : null) ??
        (value.keep_landing && (r.name === '@' || r.name === 'www') && r.type !== 'MX' && r.type !== 'TXT'
          ? dnsMessages.landingConflict
          : null);
      if (problem) ctx.addIssue({ code: 'custom', path: ['records', i], message: problem });
    });
  });
export type DnsRecordsInput = z.input<typeof dnsRecordsInputSchema>;

export const dnsRecordSchema = z.object({
  name: z.string(),
  type: z.enum(dnsRecordTypes),
  content: z.string(),
  ttl: z.number(),
  priority: z.number().nullable(),
});

/** GET and PUT /api/domains/{id}/dns/. */
export const dnsZoneSchema = z.object({
  domain_id: z.number(),
  domain_name: z.string(),
  keep_landing: z.boolean(),
  records: z.array(dnsRecordSchema),
  /** Whether our nameservers answer for the name now (approved and verified). */
  served: z.boolean(),
  nameservers: z.array(z.string()),
  /** What the viewer may do: `edit` when they control the domain's DNS. */
  allowed_actions: z.array(z.enum(['edit'])),
});
export type DnsZone = z.infer<typeof dnsZoneSchema>;
