import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTRO_ANIMATION_MS } from '@market/shared';
import { restoreMatchMediaAfterEach, stubReducedMotion } from '../testing/match-media';
import { IntroAnimation } from './intro-animation';

restoreMatchMediaAfterEach();

describe('home intro animation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows, then hides itself after INTRO_ANIMATION_MS (3 s)', () => {
    stubReducedMotion(false);
    render(<IntroAnimation />);
    const intro = screen.getByTestId('home-intro');
    expect(intro).toHaveAttribute('aria-hidden', 'true');
    expect(INTRO_ANIMATION_MS).toBe(3000);

    act(() => vi.advanceTimersByTime(INTRO_ANIMATION_MS - 1));
    expect(screen.getByTestId('home-intro')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
  });

  it('is never shown to users who prefer reduced motion', () => {
    stubReducedMotion(true);
    render(<IntroAnimation />);
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
  });

  it('plays once per browser session', () => {
    stubReducedMotion(false);
    const first = render(<IntroAnimation />);
    expect(screen.getByTestId('home-intro')).toBeInTheDocument();
    first.unmount();
    render(<IntroAnimation />);
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
  });

  it('is skipped when the visitor came for a section, and can be dismissed early', () => {
    stubReducedMotion(false);
    const skipped = render(<IntroAnimation skip />);
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
    skipped.unmount();
    window.sessionStorage.clear();

    render(<IntroAnimation />);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
  });
});
