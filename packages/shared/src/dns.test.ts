import { describe, expect, it } from 'vitest';
import { dnsMessages, dnsRecordsInputSchema, isHostname, isIpv4, isIpv6, isRelativeName } from './dns.js';

describe('DNS record rules', () => {
  it('knows addresses, host names and names relative to the zone', () => {
    expect(['192.0.2.1', '0.0.0.0', '255.255.255.255'].every(isIpv4)).toBe(true);
    expect(['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5'].some(isIpv4)).toBe(false);
    expect(['2001:db8::1', '::1', '::', '2001:db8:0:0:0:0:0:1', '::ffff:192.0.2.1'].every(isIpv6)).toBe(true);
    expect(['2001:db8::1::2', '2001:db8:0:0:0:0:0:0:1', 'g::1', '1:2:3:4:5:6:7'].some(isIpv6)).toBe(false);
    expect(['mail.example.com', 'mx.example.com.', '_dmarc.example.com'].every(isHostname)).toBe(true);
    expect(['localhost', '-a.example.com', 'a..example.com'].some(isHostname)).toBe(false);
    expect(['@', 'www', 'mail', 'a.b', 'x-1'].every(isRelativeName)).toBe(true);
    expect(['', '-www', 'www-', 'a..b', 'WWW_'].some(isRelativeName)).toBe(false);
  });

  it('names the record that breaks a rule, and lets a valid set through with defaults', () => {
    const bad = dnsRecordsInputSchema.safeParse({
      keep_landing: true,
      records: [
        { name: 'ok', type: 'A', content: '192.0.2.1' },
        { name: 'www', type: 'A', content: '192.0.2.1' },
      ],
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['records.1', dnsMessages.landingConflict]]);
    const good = dnsRecordsInputSchema.parse({ keep_landing: true, records: [{ name: ' Mail ', type: 'MX', content: 'mx.example.net', priority: 10 }] });
    expect(good.records[0]).toEqual({ name: 'mail', type: 'MX', content: 'mx.example.net', ttl: 3600, priority: 10 });
  });
});
