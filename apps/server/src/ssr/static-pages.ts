import { contactContent, siteBrand, type StaticPageContent } from '@market/shared';
import { html } from './html.js';
import { publicPage } from './public-page.js';

/**
 * A static page (how it works, about us, terms...) as a whole page of the site, without the app:
 * its text in the site frame, the same words the app's page shows (packages/shared content).
 * Terms fold each section (the app's accordion) in <details>; `?sections=all` opens them all.
 */
export function renderStaticPage(page: StaticPageContent, options: { expanded?: boolean } = {}): string {
  const accordion = page.layout === 'accordion';
  const expanded = options.expanded === true;
  const main = html`<div class="page"><article class="card prose" data-testid="static-page">
<h1>${page.title}</h1>
${page.lastUpdated ? html`<p class="small"><em>${page.lastUpdated}</em></p>` : ''}
${page.intro.map((p) => html`<p>${p}</p>`)}
${accordion ? html`<p><a class="btn alt sm" href="${page.path}${expanded ? '' : '?sections=all'}">${expanded ? 'Collapse all sections' : 'Expand all sections'}</a></p>` : ''}
${page.sections.map((s) => {
  const inner = html`${s.paragraphs.map((p) => html`<p>${p}</p>`)}${s.bullets ? html`<ul>${s.bullets.map((b) => html`<li>${b}</li>`)}</ul>` : ''}`;
  return accordion
    ? html`<details id="${s.id}"${expanded ? html` open` : ''}><summary><h2>${s.heading}</h2></summary>${inner}</details>`
    : html`<section id="${s.id}"><h2>${s.heading}</h2>${inner}</section>`;
})}
${
  page.callToAction
    ? html`<section><h2>${page.callToAction.heading}</h2><p>${page.callToAction.text}</p><p class="acts">${page.callToAction.links.map(
        (l, i) => html`<a class="btn${i === 0 ? '' : ' alt'}" href="${l.href}">${l.label}</a>`,
      )}</p></section>`
    : ''
}
</article></div>`;
  return publicPage({ title: `${page.title} | ${siteBrand}`, description: page.metaDescription, main });
}

/** `/contact`: our support address (a setting) and what to include in a message. */
export function renderContactPage(supportEmail: string): string {
  const c = contactContent;
  const main = html`<div class="page"><div class="head"><div><h1>${c.title}</h1><p>${c.subtitle}</p></div></div>
<article class="card prose" data-testid="contact-page"><h2>${c.emailHeading}</h2><p class="strong" style="font-size:1.125rem;overflow-wrap:anywhere"><a href="mailto:${supportEmail}">${supportEmail}</a></p>
${c.sections.map((s) => html`<h2>${s.heading}</h2><p>${s.text}</p>`)}</article></div>`;
  return publicPage({ title: `${c.title} | ${siteBrand}`, description: c.metaDescription, main });
}
