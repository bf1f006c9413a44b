import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTRO_ANIMATION_MS, INTRO_SEEN_COOKIE } from '@market/shared';
import { restoreMatchMediaAfterEach, stubReducedMotion } from '../testing/match-media';
import { IntroAnimation } from './intro-animation';

restoreMatchMediaAfterEach();

/** The app's root as the server's prerendered home page leaves it. */
function prerenderedHome(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.prerendered = 'home';
  document.body.append(root);
  return root;
}

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

  it("leaves the intro to the server's home page, which plays its own whenever the app arrives", () => {
    stubReducedMotion(false);
    const root = prerenderedHome();
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    render(<IntroAnimation />);
    expect(screen.queryByTestId('home-intro')).not.toBeInTheDocument();
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
