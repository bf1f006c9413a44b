import { INTRO_ANIMATION_MS, INTRO_SEEN_COOKIE } from '@market/shared';

/**
 * The prerendered home page's own script (1.6 KB, 0.7 KB gzipped), so the page needs none of
 * the app's code until the visitor does something:
 * - the intro (when the server left it in) lasts INTRO_ANIMATION_MS from when the page opened,
 *   whether or not the app arrives meanwhile; a click or Escape ends it early, and it is
 *   remembered for the session; a visitor who prefers reduced motion or came for a section
 *   (/#sponsored) never sees it;
 * - the app's scripts (listed in #root's data-app, entry first) load on the visitor's first move
 *   (pointer, touch, key, wheel, scroll, focus), or at once when the app has work to do at
 *   arrival: a signed-in session (its account actions) or a section to scroll to.
 * The hero's links are plain links, so they work before the app is there. Plain ES2017 and
 * import(), no build step; the server allows it by its hash.
 */
export const HOME_SCRIPT = `(function () {
  var root = document.getElementById('root');
  var intro = document.getElementById('pre-intro');
  var moves = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'];
  var started = false;
  function startApp() {
    if (started) return;
    started = true;
    moves.forEach(function (type) { removeEventListener(type, startApp, true); });
    var scripts = (root.getAttribute('data-app') || '').split(' ').filter(Boolean);
    scripts.slice(1).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (scripts.length) import(scripts[0]);
  }
  function endIntro() {
    if (intro && intro.parentNode) intro.parentNode.removeChild(intro);
    intro = null;
  }
  if (intro) {
    if (location.hash.length > 1 || matchMedia('(prefers-reduced-motion: reduce)').matches) {
      endIntro();
    } else {
      document.cookie = '${INTRO_SEEN_COOKIE}=seen; path=/; SameSite=Lax';
      setTimeout(endIntro, Math.max(0, ${INTRO_ANIMATION_MS} - performance.now()));
      intro.addEventListener('click', endIntro);
      addEventListener('keydown', function (event) { if (event.key === 'Escape') endIntro(); });
    }
  }
  var signedIn = false;
  try { signedIn = Boolean(JSON.parse(localStorage.getItem('token') || 'null')); } catch (e) { signedIn = false; }
  if (signedIn || location.hash.length > 1) startApp();
  else moves.forEach(function (type) { addEventListener(type, startApp, { capture: true, passive: true }); });
})();`;
