import { useCallback, useEffect, useState } from 'react';
import { INTRO_ANIMATION_MS } from '@market/shared';
import { prefersReducedMotion, usePrefersReducedMotion } from './use-prefers-reduced-motion';

const SEEN_KEY = 'market:intro-seen';

function seenThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    window.sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Storage blocked: the intro may simply play again next time.
  }
}

/**
 * The home intro (spec section 4): shown for INTRO_ANIMATION_MS, then hidden. Never shown to
 * users who prefer reduced motion, to visitors arriving for a section (/#sponsored), or twice
 * in one browser session.
 */
export function useIntroAnimation({ skip = false }: { skip?: boolean } = {}) {
  const reducedMotion = usePrefersReducedMotion();
  const [visible, setVisible] = useState(() => !skip && !prefersReducedMotion() && !seenThisSession());

  useEffect(() => {
    if (!visible) return;
    markSeen();
    const timer = window.setTimeout(() => setVisible(false), INTRO_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  const dismiss = useCallback(() => setVisible(false), []);
  return { visible: visible && !reducedMotion, dismiss };
}
