import { homeContent, INTRO_SEEN_COOKIE } from '@market/shared';
import { cspHash, html, raw, type Raw } from './html.js';
import { HOME_SCRIPT } from './home-script.js';

/** Material "Language" (globe) icon, as the app's intro shows it. */
const GLOBE_PATH =
  'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2m6.93 6h-2.95c-.32-1.25-.78-2.45-1.38-3.56 1.84.63 3.37 1.91 4.33 3.56M12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96M4.26 14C4.1 13.36 4 12.69 4 12s.1-1.36.26-2h3.38c-.08.66-.14 1.32-.14 2s.06 1.34.14 2zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56-1.84-.63-3.37-1.9-4.33-3.56m2.95-8H5.08c.96-1.66 2.49-2.93 4.33-3.56C8.81 5.55 8.35 6.75 8.03 8M12 19.96c-.83-1.2-1.48-2.53-1.91-3.96h3.82c-.43 1.43-1.08 2.76-1.91 3.96M14.34 14H9.66c-.09-.66-.16-1.32-.16-2s.07-1.35.16-2h4.68c.09.65.16 1.32.16 2s-.07 1.34-.16 2m.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95c-.96 1.65-2.49 2.93-4.33 3.56M16.36 14c.08-.66.14-1.32.14-2s-.06-1.34-.14-2h3.38c.16.64.26 1.31.26 2s-.1 1.36-.26 2z';

const { durationMs, fadeOutMs } = homeContent.intro;

/**
 * The same look as the app's hero and intro (apps/web/src/features/home), in plain CSS: the
 * intro's timeline starts with the page, which plays it to its end whenever the app arrives.
 */
const STYLE = `body{margin:0;background:#f6f8fb}#pre-home,#pre-home *{box-sizing:border-box}#pre-home,#pre-intro{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
#pre-home .bar{height:64px;display:flex;align-items:center;padding:0 24px;background:#fff;border-bottom:1px solid rgba(0,0,0,.12)}
#pre-home .bar a{color:#0b3d91;font-weight:700;font-size:1.25rem;text-decoration:none}
#pre-home .hero{color:#fff;background:linear-gradient(135deg,#071f4d 0%,#0b3d91 60%,#0b5f70 100%)}
#pre-home .in{max-width:1332px;margin:0 auto;padding:40px 16px}
#pre-home p{line-height:1.5}
#pre-home .eyebrow{text-transform:uppercase;letter-spacing:.08em;font-weight:700;font-size:.85rem;color:#ffd591;margin:0 0 12px}
#pre-home h1{font-size:2.1rem;line-height:1.1;max-width:820px;margin:0;font-weight:700}
#pre-home .sub{font-size:1.3rem;font-weight:500;margin:8px 0 20px;max-width:820px;opacity:.92}
#pre-home .p{font-size:1.1rem;max-width:720px;margin:0 0 28px;opacity:.92;line-height:1.5}
#pre-home .ctas{display:flex;flex-direction:column;gap:16px}
#pre-home .ctas a{display:inline-block;padding:8px 22px;border-radius:8px;font-weight:600;text-decoration:none;text-align:center;font-size:.94rem;line-height:1.75}
#pre-home .cta1{background:#f5a623;color:#1a2233}#pre-home .cta2{color:#fff;border:1px solid rgba(255,255,255,.7)}#pre-home .cta3{color:#fff;text-decoration:underline!important}
@media (min-width:600px){#pre-home .in{padding:40px 24px}#pre-home h1{font-size:2.8rem}#pre-home .ctas{flex-direction:row;align-items:center}}
@media (min-width:900px){#pre-home .in{padding:72px 24px}#pre-home h1{font-size:3.5rem}#pre-home .sub{font-size:1.6rem}}
#pre-intro{position:fixed;inset:0;z-index:1301;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:0 16px;text-align:center;color:#fff;background:linear-gradient(135deg,#071f4d 0%,#0b3d91 55%,#0f7b6c 100%);animation:pre-fade ${fadeOutMs}ms ease-in ${durationMs - fadeOutMs}ms forwards}
#pre-intro svg{width:64px;height:64px;fill:currentColor;animation:pre-pop 900ms ease-out both}
#pre-intro .b{font-size:2rem;font-weight:800;letter-spacing:-.02em;animation:pre-rise 700ms ease-out 300ms both}
#pre-intro .t{font-size:1.1rem;opacity:.9;animation:pre-rise 700ms ease-out 800ms both}
#pre-intro i{display:block;width:160px;height:3px;border-radius:2px;background:#f5a623;transform-origin:left;animation:pre-sweep ${durationMs - fadeOutMs - 800}ms linear 800ms both}
@media (min-width:600px){#pre-intro svg{width:88px;height:88px}#pre-intro .b{font-size:3rem}#pre-intro .t{font-size:1.35rem}}
@media (prefers-reduced-motion:reduce){#pre-intro{display:none}}
@keyframes pre-fade{to{opacity:0;visibility:hidden}}
@keyframes pre-rise{from{opacity:0;transform:translateY(16px)}to{opacity:1;transform:none}}
@keyframes pre-pop{0%{opacity:0;transform:scale(.6) rotate(-30deg)}60%{opacity:1;transform:scale(1.08) rotate(0)}100%{opacity:1;transform:scale(1)}}
@keyframes pre-sweep{from{transform:scaleX(0)}to{transform:scaleX(1)}}`;

function intro(): Raw {
  const { brand, tagline } = homeContent.intro;
  return html`<div id="pre-intro" data-testid="home-intro" aria-hidden="true"><svg viewBox="0 0 24 24" focusable="false"><path d="${GLOBE_PATH}"/></svg><span class="b">${brand}</span><span class="t">${tagline}</span><i></i></div>`;
}

function hero(): Raw {
  const h = homeContent.hero;
  return html`<section class="hero" aria-labelledby="home-title"><div class="in">
<p class="eyebrow">${h.eyebrow}</p><h1 id="home-title">${h.heading}</h1><p class="sub">${h.subheading}</p>
${h.paragraphs.map((p) => html`<p class="p">${p}</p>`)}
<div class="ctas"><a class="cta1" href="${h.searchCta.href}">${h.searchCta.label}</a><a class="cta2" href="${h.joinCta.href}">${h.joinCta.label}</a><a class="cta3" href="${h.sponsoredCta.href}">${h.sponsoredCta.label}</a></div>
</div></section>`;
}

/** True when this browser session has already seen the intro (its cookie came with the request). */
export function introSeen(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((c) => c.trim() === `${INTRO_SEEN_COOKIE}=seen`);
}

/** The CSP source that lets the home page's own script run (script-src 'self' covers the app's). */
export const HOME_SCRIPT_CSP = cspHash(HOME_SCRIPT);

// The app's entry script and the chunks Vite tells the browser to preload for it.
const APP_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const APP_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The app's index.html with the top of the home page already in it, so a phone on a slow network
 * shows the hero (and, the first time in a session, the intro) without the app's code. The
 * app's scripts are not in the head: the page's own script loads them when the visitor first
 * moves (home-script.ts), and the app then replaces the hero with the same content;
 * `data-prerendered` tells the app to leave the intro to the page.
 */
export function prerenderHomePage(indexHtml: string, options: { intro: boolean }): string {
  const description = html`<meta name="description" content="${homeContent.metaDescription}" />`.value;
  const entry = APP_SCRIPT.exec(indexHtml)?.[1];
  const preloads = [...indexHtml.matchAll(APP_PRELOAD)].map((m) => m[1]);
  const scripts = entry ? [entry, ...preloads].join(' ') : '';
  // The style and the intro sit outside #root, so the app taking over the hero in the middle of
  // the intro leaves it playing.
  const body = html`<style>${raw(STYLE)}</style>${options.intro ? intro() : ''}<div id="root" data-prerendered="home" data-app="${scripts}"><div id="pre-home"><header class="bar"><a href="/">${homeContent.intro.brand}</a></header><main id="main" tabindex="-1">${hero()}</main></div></div><script>${raw(HOME_SCRIPT)}</script>`;
  return indexHtml
    .replace(APP_SCRIPT, '')
    .replace(APP_PRELOAD, '')
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, description)
    .replace('<div id="root"></div>', body.value);
}
