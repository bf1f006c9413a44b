import { footerLinks, siteNavigation, homeContent, siteBrand, siteTheme as t, validationMessages } from '@market/shared';
import { html, raw, type Raw } from './html.js';

/**
 * The app's header and footer for pages the server renders without the app (landing pages):
 * the same links, colours, type and sizes as apps/web/src/app/layouts, drawn from the shared
 * site data, in plain HTML and CSS. A small script shows the signed-in state, logs out and
 * subscribes; the phone menu is a <details> element and works without it.
 */

const GLOBE_PATH =
  'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2m6.93 6h-2.95c-.32-1.25-.78-2.45-1.38-3.56 1.84.63 3.37 1.91 4.33 3.56M12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96M4.26 14C4.1 13.36 4 12.69 4 12s.1-1.36.26-2h3.38c-.08.66-.14 1.32-.14 2s.06 1.34.14 2zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56-1.84-.63-3.37-1.9-4.33-3.56m2.95-8H5.08c.96-1.66 2.49-2.93 4.33-3.56C8.81 5.55 8.35 6.75 8.03 8M12 19.96c-.83-1.2-1.48-2.53-1.91-3.96h3.82c-.43 1.43-1.08 2.76-1.91 3.96M14.34 14H9.66c-.09-.66-.16-1.32-.16-2s.07-1.35.16-2h4.68c.09.65.16 1.32.16 2s-.07 1.34-.16 2m.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95c-.96 1.65-2.49 2.93-4.33 3.56M16.36 14c.08-.66.14-1.32.14-2s-.06-1.34-.14-2h3.38c.16.64.26 1.31.26 2s-.1 1.36-.26 2z';
const MENU_PATH = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';

export function icon(path: string, className = 'ic'): Raw {
  return html`<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`;
}

const md = `(min-width:${t.menuBreakpoint}px)`;
const belowMd = `(max-width:${t.menuBreakpoint - 0.05}px)`;

/** MUI's raised-button shadow (elevation 2), as the app's contained buttons have it. */
const RAISED = '0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)';

/** The frame's style: page, header, footer, buttons and fields. Pages add their own after it. */
export const FRAME_STYLE = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font:400 1rem/1.5 ${t.fontFamily};color:${t.text};background:${t.background};min-height:100vh;display:flex;flex-direction:column}
a{color:${t.primary};text-decoration:none}a:hover{text-decoration:underline}:focus-visible{outline:3px solid ${t.accent};outline-offset:2px}
.skip{position:absolute;left:8px;top:-48px;z-index:1500;background:${t.primary};color:#fff;padding:8px 16px;border-radius:${t.radius}px}.skip:focus{top:8px}
.bar{position:sticky;top:0;z-index:1100;background:${t.paper};border-bottom:1px solid ${t.divider}}
.bar .in{max-width:${t.contentWidth}px;margin:0 auto;display:flex;flex-wrap:wrap;align-items:center;gap:16px;min-height:56px;padding:8px 16px}
.brand{display:flex;align-items:center;gap:8px;font-weight:800;font-size:1.25rem;color:${t.primary}}.brand:hover{text-decoration:none}
.ic{width:24px;height:24px;fill:currentColor;flex-shrink:0}.nav{display:none;gap:16px}.nav a{color:${t.text}}.grow{flex-grow:1}
.acct{display:flex;align-items:center;gap:8px}html:not(.auth) .in-only,.auth .out-only{display:none!important}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-width:64px;padding:6px 16px;border-radius:${t.radius}px;font:600 .875rem/1.75 ${t.fontFamily};border:0;cursor:pointer;background:${t.primary};color:#fff;box-shadow:${RAISED}}
.btn:hover{text-decoration:none;background:#072a65}.btn.text{background:none;color:${t.primary};box-shadow:none;padding:6px 8px}.btn.text:hover{background:rgba(11,61,145,.04)}
.btn.alt{background:none;color:${t.primary};box-shadow:none;border:1px solid rgba(11,61,145,.5);padding:5px 15px}.btn.alt:hover{background:rgba(11,61,145,.04);border-color:${t.primary}}
.btn.lg{padding:8px 22px;font-size:.9375rem}.btn.alt.lg{padding:7px 21px}.btn .ic{width:20px;height:20px}
.menu{position:relative}.menu summary{list-style:none;display:flex;padding:8px;border-radius:50%;cursor:pointer;color:${t.text}}.menu summary::-webkit-details-marker{display:none}
.menu .panel{position:absolute;right:0;top:calc(100% + 8px);width:min(320px,calc(100vw - 32px));background:${t.paper};border:1px solid ${t.divider};border-radius:${t.radius}px;box-shadow:0 8px 24px rgba(0,0,0,.16);padding:8px 0;display:flex;flex-direction:column}
.menu .panel a,.menu .panel button{display:block;width:100%;text-align:left;padding:12px 20px;color:${t.text};background:none;border:0;font:inherit;cursor:pointer}.menu .panel hr{border:0;border-top:1px solid ${t.divider};margin:8px 0;width:100%}
.foot{border-top:1px solid ${t.divider};background:${t.paper};margin-top:auto}
.foot .in{max-width:${t.contentWidth}px;margin:0 auto;padding:24px 16px;display:grid;gap:24px;grid-template-columns:minmax(0,1fr)}
.foot h2{font-size:1.25rem;font-weight:500;line-height:1.6;margin:0 0 .35em}.small{font-size:.875rem;line-height:1.43;color:${t.textSecondary};margin:0}
.sub form{display:flex;flex-direction:column;gap:8px;margin-top:8px}.sub input{font:inherit;padding:8.5px 14px;border:1px solid rgba(0,0,0,.23);border-radius:${t.radius}px;min-width:0;flex:1;height:40px;max-width:360px}
.sub input:hover{border-color:${t.text}}.sub .btn{align-self:flex-start}.sub output{display:block;margin:8px 0}.sub .err{color:#c62828}
.links{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));column-gap:24px;row-gap:12px}.links a{color:${t.textSecondary}}.col{display:flex;flex-direction:column;justify-content:space-between;gap:16px}
.small a{text-decoration:underline}.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (min-width:600px){.bar .in{min-height:64px;padding:8px 24px}.foot .in{padding:24px}.links{grid-template-columns:repeat(3,minmax(0,1fr))}.sub form{flex-direction:row;align-items:flex-start;gap:12px}}
@media ${md}{.nav{display:flex}.menu{display:none}.foot .in{grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:48px;padding:32px 24px}}
@media ${belowMd}{.bar .acct{display:none}}`;

function accountLinks(app: string, place: 'bar' | 'menu'): Raw {
  const btn = place === 'bar';
  return html`<a class="${btn ? 'btn text out-only' : 'out-only'}" href="${app}/login">Log in</a><a class="${btn ? 'btn out-only' : 'out-only'}" href="${app}/register">Sign up</a><a class="${btn ? 'btn in-only' : 'in-only'}" href="${app}/my_stable">My Stable</a><button type="button" class="${btn ? 'btn text in-only' : 'in-only'}" data-logout>Log out</button>`;
}

/** The app's top bar: brand, main links, account actions; a menu below the breakpoint. */
export function siteHeader(app: string): Raw {
  const links = siteNavigation.map((l) => html`<a href="${app}${l.href}">${l.label}</a>`);
  return html`<a class="skip" href="#main">Skip to main content</a><header class="bar"><div class="in">
<a class="brand" href="${app}/">${icon(GLOBE_PATH)}${siteBrand}</a><nav class="nav" aria-label="Main">${links}</nav><span class="grow"></span>
<div class="acct">${accountLinks(app, 'bar')}</div>
<details class="menu"><summary aria-label="Open menu">${icon(MENU_PATH)}</summary><nav class="panel" aria-label="Menu">${links}<hr>${accountLinks(app, 'menu')}</nav></details>
</div></header>`;
}

/** The app's footer: the subscribe box and the footer links. */
export function siteFooter(app: string, year = new Date().getFullYear()): Raw {
  const s = homeContent.subscribe;
  return html`<footer class="foot"><div class="in"><section class="sub" aria-labelledby="sub-h"><h2 id="sub-h">${s.heading}</h2><p class="small">${s.description}</p>
<form data-subscribe="${app}/api/subscribe/" data-required="${validationMessages.emailRequired}" data-invalid="${validationMessages.emailInvalid}" data-failed="${s.failed}" novalidate>
<label class="vh" for="sub-email">${s.fieldLabel}</label><input id="sub-email" name="email" type="email" autocomplete="email" placeholder="${s.fieldLabel}"><button class="btn" type="submit">${s.button}</button></form>
<output role="status" class="small"></output><p class="small">${s.privacyPrefix} <a href="${app}${s.privacyLink.href}">${s.privacyLink.label}</a>.</p></section>
<div class="col"><nav class="links" aria-label="Footer">${footerLinks.map((l) => html`<a href="${app}${l.href}">${l.label}</a>`)}</nav><p class="small">© ${year} ${siteBrand}</p></div>
</div></footer>`;
}

/**
 * The frame's script (ES2017, no build step): the signed-in header from the app's stored session,
 * log out, and the subscribe form. `root` is the app's origin ('' on the app's own host).
 */
export const FRAME_SCRIPT = `var token = null;
try { token = JSON.parse(localStorage.getItem('token') || 'null'); } catch (e) { token = null; }
function authHeaders() { var h = { 'content-type': 'application/json' }; if (token) h.authorization = 'Token ' + token; return h; }
function signedOut() { token = null; try { localStorage.removeItem('token'); localStorage.removeItem('user'); } catch (e) {} document.documentElement.classList.remove('auth'); }
if (token) document.documentElement.classList.add('auth');
var root = document.body.getAttribute('data-app') || '';
var outs = document.querySelectorAll('[data-logout]');
for (var i = 0; i < outs.length; i++) outs[i].addEventListener('click', function () {
  fetch(root + '/api/auth/logout/', { method: 'POST', headers: authHeaders() }).catch(function () {});
  signedOut();
});
var form = document.querySelector('form[data-subscribe]');
if (form) form.addEventListener('submit', function (event) {
  event.preventDefault();
  var out = form.parentNode.querySelector('output');
  var input = form.querySelector('input');
  var email = input.value.trim();
  function say(text, bad) { out.textContent = text; out.className = bad ? 'small err' : 'small'; }
  if (!email) { say(form.getAttribute('data-required'), true); input.focus(); return; }
  if (!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email)) { say(form.getAttribute('data-invalid'), true); input.focus(); return; }
  fetch(form.getAttribute('data-subscribe'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: email }) })
    .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
    .then(function (r) {
      var first = r.body && (r.body.email ? r.body.email[0] : r.body.detail);
      if (r.ok) { say(r.body.message || ''); input.value = ''; } else say(first || form.getAttribute('data-failed'), true);
    })
    .catch(function () { say(form.getAttribute('data-failed'), true); });
});
`;

/** The header and footer are the same on every page of an origin: drawn once, not per render. */
const frames = new Map<string, { header: Raw; footer: Raw }>();
function frameFor(app: string) {
  const year = new Date().getFullYear();
  const key = `${year} ${app}`;
  let frame = frames.get(key);
  if (!frame) {
    if (frames.size > 8) frames.clear();
    frame = { header: siteHeader(app), footer: siteFooter(app, year) };
    frames.set(key, frame);
  }
  return frame;
}

/** Wraps a page's body in the frame: head with its style, header, main, footer and the script. */
/**
 * `stylesheet` is the address of the page's style, served once and cached for a year (its name
 * holds its hash): every page then carries only its own content.
 */
export function framePage(page: { title: string; description: string; canonical?: string; app: string; stylesheet: string; main: Raw; script: string }): string {
  const { header, footer } = frameFor(page.app);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${page.title}</title><meta name="description" content="${page.description}">
${page.canonical ? html`<link rel="canonical" href="${page.canonical}">` : ''}<link rel="stylesheet" href="${page.stylesheet}"></head>
<body data-app="${page.app}">${header}
<main id="main" tabindex="-1">${page.main}</main>
${footer}
<script>${raw(page.script)}</script></body></html>`.value;
}
