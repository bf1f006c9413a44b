/**
 * Page content is plain data (strings and arrays), so the web app and the server-side renderer
 * can both turn it into HTML. No markup inside the strings: each paragraph is one string.
 */
export interface ContentSection {
  /** Stable anchor for links such as /terms-and-conditions#disputes. */
  id: string;
  heading: string;
  paragraphs: string[];
  /** Optional list shown after the paragraphs. */
  bullets?: string[];
}

export interface ContentLink {
  label: string;
  /** A path inside the site (/register) or an in-page anchor (/#sponsored). */
  href: string;
}

export interface StaticPageContent {
  /** The route that shows this page. */
  path: string;
  /** The page's main heading; also the browser title ("{title} | Domain Market"). */
  title: string;
  /** Meta description for search results and link previews (about 150 characters). */
  metaDescription: string;
  /** Short lead paragraphs under the title. */
  intro: string[];
  /** 'article' shows every section; 'accordion' folds each section (terms). */
  layout: 'article' | 'accordion';
  /** Shown under the title when set, e.g. "Last updated April 18, 2022". */
  lastUpdated?: string;
  sections: ContentSection[];
  /** Call to action at the end of the page. */
  callToAction?: { heading: string; text: string; links: ContentLink[] };
}
