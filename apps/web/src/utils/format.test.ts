import { describe, expect, it } from 'vitest';
import { formatDollars } from '@market/shared';
import { formatDate, formatDateTime, formatListPrice } from './format';

describe('format', () => {
  it('shows whole dollars with separators', () => {
    expect(formatDollars(23100)).toBe('$23,100');
    expect(formatDollars(0)).toBe('$0');
  });

  it('shows a dash for a price that was never set', () => {
    expect(formatListPrice(0)).toBe('—');
    expect(formatListPrice(null)).toBe('—');
    expect(formatListPrice(1500)).toBe('$1,500');
  });

  it('shows a dash, or the given text, for a missing or bad date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date', '')).toBe('');
    expect(formatDateTime(undefined, 'never')).toBe('never');
    expect(formatDate('2025-03-01T10:00:00.000Z')).toMatch(/2025/);
    expect(formatDateTime('2025-03-01T10:00:00.000Z')).toMatch(/2025/);
  });
});
