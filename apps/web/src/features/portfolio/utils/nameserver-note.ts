import type { OwnDomain } from '@market/shared';
import { timeAgo } from '@/utils/relative-time';

function every(minutes: number): string {
  const [size, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return size === 1 ? `every ${unit}` : `every ${size} ${unit}s`;
}

/**
 * The line under a domain's nameserver state: when its NS records were last looked up and that
 * they will be again. The server's sweep re-checks every domain but denied ones, least recently
 * checked first, `intervalMinutes` apart (0: it runs none; undefined: not known here yet).
 */
export function nameserverNote(
  domain: Pick<OwnDomain, 'ns_checked_at' | 'status'>,
  intervalMinutes: number | undefined,
  now: Date = new Date(),
): string {
  const again = domain.status !== 'denied' && intervalMinutes !== undefined && intervalMinutes > 0;
  if (!domain.ns_checked_at) return again ? `Checked automatically; checks run ${every(intervalMinutes)}.` : '';
  const last = `Last checked ${timeAgo(domain.ns_checked_at, now)}.`;
  return again ? `${last} Checked again automatically; checks run ${every(intervalMinutes)}.` : last;
}
