import type { StaticPageContent } from '@market/shared';
import { html, type Raw } from './html.js';

const SITE = 'Domain Market';

function body(page: StaticPageContent): Raw {
  return html`<main id="main" style="max-width:1332px;margin:0 auto;padding:32px 24px;font:16px/1.6 system-ui,sans-serif;color:#1b1f24">
<h1>${page.title}</h1>
${page.lastUpdated ? html`<p><em>${page.lastUpdated}</em></p>` : ''}
${page.intro.map((p) => html`<p>${p}</p>`)}
${page.sections.map(
  (s) => html`<section id="${s.id}"><h2>${s.heading}</h2>${s.paragraphs.map((p) => html`<p>${p}</p>`)}${
    s.bullets ? html`<ul>${s.bullets.map((b) => html`<li>${b}</li>`)}</ul>` : ''
  }</section>`,
)}
${
  page.callToAction
    ? html`<section><h2>${page.callToAction.heading}</h2><p>${page.callToAction.text}</p><p>${page.callToAction.links.map(
        (l) => html`<a href="${l.href}">${l.label}</a> `,
      )}</p></section>`
    : ''
}
</main>`;
}

/**
 * The app's index.html with a static page already in it: its title, meta description and full
 * text arrive in the first response (fast, indexable), and the React app replaces the markup
 * with the same content when it starts.
 */
export function prerenderStaticPage(indexHtml: string, page: StaticPageContent): string {
  const title = html`<title>${page.title} | ${SITE}</title>`.value;
  const description = html`<meta name="description" content="${page.metaDescription}" />`.value;
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, title)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, description)
    .replace('<div id="root"></div>', `<div id="root">${body(page).value}</div>`);
}

