import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

describe('timeAgo', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');
  it.each([
    ['2025-03-10T11:59:30.000Z', 'just now'],
    ['2025-03-10T11:55:00.000Z', '5 minutes ago'],
    ['2025-03-10T09:00:00.000Z', '3 hours ago'],
    ['2025-03-09T11:00:00.000Z', 'yesterday'],
    ['2025-02-20T12:00:00.000Z', '2 weeks ago'],
    ['nonsense', ''],
  ])('%s -> %s', (iso, text) => expect(timeAgo(iso, now)).toBe(text));
});
