import { describe, expect, it } from 'vitest';
import { nameserverNote } from './nameserver-note';

const now = new Date('2026-03-01T12:00:00.000Z');
const checked = (iso: string | null, status: 'pending' | 'approved' | 'denied' = 'approved') => ({ ns_checked_at: iso, status });

describe('nameserverNote', () => {
  it('says when the nameservers were last looked up and how often they are looked up again', () => {
    expect(nameserverNote(checked('2026-03-01T11:55:00.000Z'), 60, now)).toBe('Last checked 5 minutes ago. Checked again automatically; checks run every hour.');
    expect(nameserverNote(checked('2026-02-28T12:00:00.000Z'), 90, now)).toBe('Last checked yesterday. Checked again automatically; checks run every 90 minutes.');
    expect(nameserverNote(checked('2026-03-01T11:59:40.000Z'), 2880, now)).toBe('Last checked just now. Checked again automatically; checks run every 2 days.');
  });

  it('promises no automatic check the server will not make', () => {
    expect(nameserverNote(checked('2026-03-01T11:00:00.000Z'), 0, now)).toBe('Last checked 1 hour ago.');
    expect(nameserverNote(checked('2026-03-01T11:00:00.000Z'), undefined, now)).toBe('Last checked 1 hour ago.');
    // The sweep skips denied domains.
    expect(nameserverNote(checked('2026-03-01T11:00:00.000Z', 'denied'), 60, now)).toBe('Last checked 1 hour ago.');
  });

  it('before the first check, says one is coming when the server runs them', () => {
    expect(nameserverNote(checked(null), 120, now)).toBe('Checked automatically; checks run every 2 hours.');
    expect(nameserverNote(checked(null), 0, now)).toBe('');
  });
});
