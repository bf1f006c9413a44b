import type { ContentLink } from './types.js';

/**
 * The site header's main links, in the order shown. The app's top bar and its phone menu read
 * this one list, and a server-rendered page can print the same links without the app's code.
 * The community links are not here: they are deployment settings of the web app.
 */
export const siteNavigation: readonly ContentLink[] = [
  { label: 'Search domains', href: '/homeSearch' },
  { label: 'Sponsored headlines', href: '/sponsored-headlines' },
  { label: 'How it works', href: '/how-it-works' },
];
