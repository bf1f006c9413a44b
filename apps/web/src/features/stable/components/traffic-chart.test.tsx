import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDay, niceMax, TrafficChart } from './traffic-chart';

describe('traffic chart', () => {
  it('rounds the axis to readable steps', () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(1234)).toBe(2000);
  });

  it('summarises the line for everyone and lists the daily numbers', () => {
    render(<TrafficChart days={['2026-03-01', '2026-03-02', '2026-03-03']} values={[2, 9, 4]} subject="All domains" />);
    expect(screen.getByText(/All domains: 15 visits from Mar 1 to Mar 3; busiest day Mar 2 with 9\./)).toBeInTheDocument();
    const table = screen.getByRole('table', { hidden: true });
    expect(table).toHaveTextContent('Mar 2');
    expect(formatDay('2026-12-25')).toBe('Dec 25');
  });
});
