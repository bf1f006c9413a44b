import { INTRO_ANIMATION_MS, STATIC_STAR_RATING } from '../constants.js';
import { certificationRequirements, freelancerBadges, freelancerCertifications } from '../freelancers.js';
import { marketplaceFacts as f } from './facts.js';
import type { ContentLink } from './types.js';

/**
 * Every word of the home page (the freelancer showcase) and of the footer's subscribe box.
 * Edit the copy here; the components only lay it out.
 */
export interface HomeBadge {
  /** The badge's key in packages/shared/src/freelancers.ts. */
  key: string;
  name: string;
  description: string;
}

export interface HomeCertification {
  /** The certification's key in packages/shared/src/freelancers.ts. */
  key: string;
  name: string;
  summary: string;
  requirements: string[];
}

export const HOME_RATING_SCALE = 5;

export const homeContent = {
  path: '/',
  /** The home page keeps the bare site name as its browser title. */
  title: f.siteName,
  metaDescription: `Buy, sell and trade domain names with one flat ${f.commission} commission, and hire certified domain consultants and freelancers to build on them.`,

  intro: {
    brand: f.siteName,
    tagline: 'Domains. Deals. Builders.',
    durationMs: INTRO_ANIMATION_MS,
    /** The last part of durationMs, fading out (the app's and the server's prerendered intro). */
    fadeOutMs: 400,
  },

  hero: {
    eyebrow: 'Domain marketplace and freelancer network',
    heading: 'The marketplace for domain names',
    subheading: 'and the certified freelancers who help you buy, sell and build on them',
    paragraphs: [
      'Search a curated inventory of reviewed domain names, buy at a fixed price or negotiate directly with the owner, and bring in certified consultants and freelancers to turn a name into a business.',
    ],
    searchCta: { label: 'Search domains', href: '/homeSearch' } satisfies ContentLink,
    joinCta: { label: 'Join the network', href: '/register' } satisfies ContentLink,
    stableCta: { label: 'Go to My Stable', href: '/my_stable' } satisfies ContentLink,
    sponsoredCta: { label: 'See sponsored domains', href: '/#sponsored' } satisfies ContentLink,
  },

  about: {
    id: 'about',
    heading: 'About the marketplace',
    paragraphs: [
      'Domain Market brings together the people who own domain names, the people who need them and the people who build on them. Sellers list their portfolios, buyers search and make offers, founders pitch their startup ideas to domain owners, and our freelancer network supplies the valuation, brokerage, branding and development skills that every deal needs.',
      'Everything runs on clear rules. Listings are reviewed before they go live, pricing follows the same thresholds for everyone, and the fee is one flat commission that both sides can see before they agree.',
    ],
    facts: [
      { value: f.commission, label: `flat commission, split ${f.commissionSplit} between buyer and seller unless negotiated` },
      { value: f.buyNowThreshold, label: 'domains priced below this sell at a fixed Buy Now price, with no offers' },
      { value: f.brokerThreshold, label: 'deals above this can be handed to our broker team' },
      { value: f.breederThreshold, label: 'minimum founder budget for a Startup Breeder partnership' },
    ],
    link: { label: 'How it works', href: '/how-it-works' } satisfies ContentLink,
  },

  badges: {
    id: 'badges',
    heading: 'Passed-test badges',
    intro:
      'Freelancers in our network earn a badge for each skills test they pass. Badges are awarded by the marketplace, one test at a time, so you can see exactly which skills a consultant has proven.',
    items: freelancerBadges.map((b) => ({ key: b.key, name: b.name, description: b.description })) satisfies HomeBadge[],
  },

  certifications: {
    id: 'certifications',
    heading: 'Certifications',
    intro:
      'Certifications combine several passed tests with supervised work on real deals. Each one tells you what a consultant is trusted to do for you.',
    previousLabel: 'Previous certification',
    nextLabel: 'Next certification',
    pauseLabel: 'Pause automatic rotation',
    playLabel: 'Start automatic rotation',
    slides: freelancerCertifications.map((c) => ({ key: c.key, name: c.name, summary: c.summary, requirements: certificationRequirements(c) })) satisfies HomeCertification[],
  },

  consultant: {
    id: 'consultant',
    heading: 'Certified domain consultants',
    cardTitle: 'Domain Consultant',
    cardSubtitle: `Level ${STATIC_STAR_RATING} consultant`,
    summary:
      'Book a consultant from our network for a valuation, a negotiation or a launch plan. Consultants are graded by the certifications they hold; this card shows the level most sellers and buyers start with.',
    ratingLabel: `Consultant level: ${STATIC_STAR_RATING} of ${HOME_RATING_SCALE} stars`,
    ratingNote: `One star for each certification held. A level ${STATIC_STAR_RATING} consultant holds ${STATIC_STAR_RATING} of our ${HOME_RATING_SCALE} certifications.`,
    services: [
      'Valuation of a single name or a whole portfolio',
      'Pricing strategy: Buy Now, minimum offer or trade',
      'Negotiation support until the transfer is complete',
      'Landing page, branding and launch planning',
    ],
    cta: { label: 'Join as a freelancer or client', href: '/register' } satisfies ContentLink,
  },

  sponsored: {
    id: 'sponsored',
    heading: 'Sponsored headlines',
    intro:
      'Domains their owners are promoting right now, in three lists: Domain trade, Buy Now and Startup Breeders. Select a name to open its landing page.',
    orderCta: { label: 'Promote your own domains', href: '/order-sponsored-headlines' } satisfies ContentLink,
    allCta: { label: 'All sponsored headlines', href: '/sponsored-headlines' } satisfies ContentLink,
    columns: ['Domain trade', 'Buy Now', 'Startup Breeders'],
  },

  subscribe: {
    heading: 'Get new domains and features first',
    description: 'A short e-mail when notable domains are listed or the marketplace adds something new. Unsubscribe at any time.',
    // Not just "Email": sign-in forms on the same page own that label.
    fieldLabel: 'Your e-mail address',
    placeholder: 'you@example.com',
    button: 'Subscribe',
    privacyPrefix: 'We use your address only for these e-mails. See our',
    privacyLink: { label: 'privacy policy', href: '/privacy-policy' } satisfies ContentLink,
    failed: 'We could not subscribe you just now. Please try again in a moment.',
  },
} as const;

export type HomeContent = typeof homeContent;
