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
 * The server's home page plays its own intro (in plain CSS, outside the app's root, ended and
 * remembered by the page's script: apps/server/src/ssr/home-script.ts), so the app loading in the
 * middle of it neither cuts it short nor starts another one.
 */
function onPrerenderedHome(): boolean {
  return document.getElementById('root')?.dataset.prerendered === 'home';
}

/**
 * The home intro: shown for INTRO_ANIMATION_MS, then hidden. Never shown to users who prefer
 * reduced motion, to visitors arriving for a section (/#sponsored), twice in one browser
 * session, or over the server's home page, which has its own.
 */
export function useIntroAnimation({ skip = false }: { skip?: boolean } = {}) {
  const reducedMotion = usePrefersReducedMotion();
  const [{ wanted, startedAt }] = useState(() => ({
    wanted: !skip && !prefersReducedMotion() && !seenThisSession() && !onPrerenderedHome(),
    startedAt: performance.now(),
  }));
  const [shown, setShown] = useState(wanted);

  useEffect(() => {
    if (wanted) markSeen();
    if (!shown) return;
    // Counted from the intro's start, not from now: React may commit a page a while after it
    // rendered it (a lazily loaded route waits at least 300 ms behind its placeholder).
    const timer = window.setTimeout(() => setShown(false), Math.max(0, startedAt + INTRO_ANIMATION_MS - performance.now()));
    return () => window.clearTimeout(timer);
  }, [wanted, shown, startedAt]);

  const dismiss = useCallback(() => setShown(false), []);
  return { visible: shown && !reducedMotion, dismiss };
}
