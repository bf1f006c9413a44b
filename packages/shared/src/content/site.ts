import type { ContentLink } from './types.js';

/**
 * The site's frame, as data: the brand, the look (colours, type, widths) and the links of the
 * header and footer. The web app's theme and layout read it, and so do the pages the server
 * renders without the app (domain landing pages), so both show one site.
 */
export const siteBrand = 'Domain Market';

export const siteTheme = {
  primary: '#0b3d91',
  primaryContrast: '#ffffff',
  secondary: '#0f7b6c',
  background: '#f6f8fb',
  paper: '#ffffff',
  text: '#1a2233',
  textSecondary: '#4a5568',
  divider: 'rgba(0, 0, 0, 0.12)',
  /** Keyboard focus ring and the home page's call to action. */
  accent: '#f5a623',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  /** Corner radius unit in px (cards use three, buttons one). */
  radius: 8,
  /** Marketing pages are 1332 px wide; app pages use the same frame. */
  contentWidth: 1332,
  /** Below this width the header's links move into the menu. */
  menuBreakpoint: 900,
} as const;

/**
 * The site header's main links, in the order shown. The app's top bar and its phone menu read
 * this one list, and so does the server-rendered page's header. The community links are not
 * here: they are deployment settings of the web app.
 */
export const siteNavigation: readonly ContentLink[] = [
  { label: 'Search domains', href: '/homeSearch' },
  { label: 'Sponsored headlines', href: '/sponsored-headlines' },
  { label: 'Freelancers', href: '/freelancers' },
  { label: 'Jobs', href: '/jobs' },
  { label: 'How it works', href: '/how-it-works' },
];

/** The footer's links, in order. */
export const footerLinks: readonly ContentLink[] = [
  { label: 'How it works', href: '/how-it-works' },
  { label: 'Build your dream', href: '/build-your-dream' },
  { label: 'About us', href: '/about-us' },
  { label: 'Our mission', href: '/our-mission' },
  { label: 'Privacy policy', href: '/privacy-policy' },
  { label: 'Terms and conditions', href: '/terms-and-conditions' },
  { label: 'Contact us', href: '/contact' },
];
