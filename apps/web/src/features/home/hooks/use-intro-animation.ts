import { useCallback, useEffect, useState } from 'react';
import { INTRO_ANIMATION_MS, INTRO_SEEN_COOKIE } from '@market/shared';
import { prefersReducedMotion, usePrefersReducedMotion } from './use-prefers-reduced-motion';

// A session cookie rather than session storage: the server reads it to leave the intro out of
// the prerendered home page.
function seenThisSession(): boolean {
  return document.cookie.split(';').some((c) => c.trim() === `${INTRO_SEEN_COOKIE}=seen`);
}

function markSeen(): void {
  document.cookie = `${INTRO_SEEN_COOKIE}=seen; path=/; SameSite=Lax`;
}

/**
 * How much of the intro has already played: on a home page the server prerendered, the intro
 * started with the page (in plain CSS), so the app continues it rather than starting again.
 */
function alreadyPlayedMs(): number {
  return document.getElementById('root')?.dataset.prerendered === 'home' ? Math.max(0, performance.now()) : 0;
}

/**
 * The home intro (spec section 4): shown for INTRO_ANIMATION_MS from when the page opens, then
 * hidden. Never shown to users who prefer reduced motion, to visitors arriving for a section
 * (/#sponsored), or twice in one browser session.
 */
export function useIntroAnimation({ skip = false }: { skip?: boolean } = {}) {
  const reducedMotion = usePrefersReducedMotion();
  const [{ wanted, elapsedMs, startedAt }] = useState(() => {
    const elapsed = alreadyPlayedMs();
    return { wanted: !skip && !prefersReducedMotion() && !seenThisSession(), elapsedMs: elapsed, startedAt: performance.now() - elapsed };
  });
  const [shown, setShown] = useState(wanted && elapsedMs < INTRO_ANIMATION_MS);

  useEffect(() => {
    // Played in full by the prerendered page before the app arrived: still counts as seen.
    if (wanted) markSeen();
    if (!shown) return;
    // Counted from the intro's start, not from now: React may commit a page a while after it
    // rendered it (a lazily loaded route waits at least 300 ms behind its placeholder).
    const timer = window.setTimeout(() => setShown(false), Math.max(0, startedAt + INTRO_ANIMATION_MS - performance.now()));
    return () => window.clearTimeout(timer);
  }, [wanted, shown, startedAt]);

  const dismiss = useCallback(() => setShown(false), []);
  return { visible: shown && !reducedMotion, dismiss, elapsedMs };
}
