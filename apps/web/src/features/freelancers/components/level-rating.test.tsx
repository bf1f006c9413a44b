import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelRating } from './level-rating';

describe('level and rating', () => {
  it('shows the rating in stars and the level as its own badge, never the level in stars', () => {
    const { container } = render(<LevelRating level={2} rating={4.9} completed={12} />);
    expect(screen.getByText('4.9 of 5 stars from 12 reviewed engagements')).toBeInTheDocument();
    expect(screen.getByTestId('freelancer-level')).toHaveTextContent('Level 2 of 5');
    // The one set of stars shown is the rating's.
    const stars = container.querySelectorAll('.MuiRating-root');
    expect(stars).toHaveLength(1);
    expect(stars[0]).toHaveAttribute('aria-label', '4.9 Stars');
    expect(screen.getByTestId('freelancer-level').querySelector('.MuiRating-root')).toBeNull();
  });

  it('shows no stars without reviews, and the level still', () => {
    const { container } = render(<LevelRating level={0} rating={null} completed={0} />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByTestId('freelancer-level')).toHaveTextContent('Level 0 of 5');
    expect(container.querySelector('.MuiRating-root')).toBeNull();
  });
});
