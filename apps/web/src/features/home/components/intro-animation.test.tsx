import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTRO_ANIMATION_MS, INTRO_SEEN_COOKIE } from '@market/shared';
import { restoreMatchMediaAfterEach, stubReducedMotion } from '../testing/match-media';
import { IntroAnimation } from './intro-animation';

restoreMatchMediaAfterEach();

function forgetIntro() {
  document.cookie = `${INTRO_SEEN_COOKIE}=; path=/; max-age=0`;
}

describe('home intro animation', () => {
  beforeEach(() => {
    forgetIntro();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
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

  it('plays once per browser session, remembered in a session cookie the server reads too', () => {
    stubReducedMotion(false);
    const first = render(<IntroAnimation />);
    expect(screen.getByTestId('home-intro')).toBeInTheDocument();
    expect(document.cookie).toContain(`${INTRO_SEEN_COOKIE}=seen`);
    first.unmount();
    render(<IntroAnimation />);
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
  });

  it('continues an intro the prerendered page started instead of starting again', () => {
    stubReducedMotion(false);
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.prerendered = 'home';
    document.body.append(root);
    vi.spyOn(performance, 'now').mockReturnValue(2000);
    render(<IntroAnimation />);
    expect(screen.getByTestId('home-intro')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(INTRO_ANIMATION_MS - 2000));
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
    root.remove();
  });

  it('does not show at all when the prerendered intro has already finished', () => {
    stubReducedMotion(false);
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.prerendered = 'home';
    document.body.append(root);
    vi.spyOn(performance, 'now').mockReturnValue(INTRO_ANIMATION_MS + 500);
    render(<IntroAnimation />);
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
    // It played (in the prerendered page), so the rest of the session skips it.
    expect(document.cookie).toContain(`${INTRO_SEEN_COOKIE}=seen`);
    root.remove();
  });

  it('is skipped when the visitor came for a section, and can be dismissed early', () => {
    stubReducedMotion(false);
    const skipped = render(<IntroAnimation skip />);
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
    skipped.unmount();
    forgetIntro();

    render(<IntroAnimation />);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
  });
});
