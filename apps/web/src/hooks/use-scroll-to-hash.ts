import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the section named by the URL's hash (/#sponsored) once the page has rendered, and
 * moves focus there so keyboard and screen-reader users start at the same place. Runs a frame
 * later so the layout's own scroll-to-top on navigation cannot undo it.
 */
export function useScrollToHash(ids: readonly string[]): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id || !ids.includes(id)) return;
    const frame = window.requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView?.({ block: 'start' });
      target.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash, key, ids]);
}
