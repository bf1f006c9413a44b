import { describe, expect, it } from 'vitest';
import { formatDate, formatUsd } from './format';

describe('format', () => {
  it('shows whole dollars with separators', () => {
    expect(formatUsd(23100)).toBe('$23,100');
    expect(formatUsd(0)).toBe('$0');
  });

  it('leaves a missing or bad date empty', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2025-03-01T10:00:00.000Z')).toMatch(/2025/);
  });
});
