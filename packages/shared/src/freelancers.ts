import { OFFER_VALIDITY_DAYS } from './constants.js';
import { marketplaceFacts as f } from './content/facts.js';

/**
 * The freelancer network's rules in one place (docs/product.md section "Freelancer network"):
 * the skills a profile lists, the tests a badge proves, and what each certification requires.
 * The home page's copy, the directory's filters, the server's checks and its SQL all read these.
 */

/** The one list of skills a freelancer can offer. */
export const freelancerSkills = [
  { key: 'valuation', label: 'Valuation' },
  { key: 'negotiation', label: 'Negotiation' },
  { key: 'trademark-screening', label: 'Trademark screening' },
  { key: 'dns', label: 'DNS and nameservers' },
  { key: 'landing-pages', label: 'Landing pages' },
  { key: 'branding', label: 'Branding and logo' },
  { key: 'web-development', label: 'Web development' },
  { key: 'marketing', label: 'Marketing' },
] as const;
export type FreelancerSkill = (typeof freelancerSkills)[number]['key'];
export const freelancerSkillKeys = freelancerSkills.map((s) => s.key) as [FreelancerSkill, ...FreelancerSkill[]];
export const freelancerSkillLabel = (key: string): string => freelancerSkills.find((s) => s.key === key)?.label ?? key;

export const freelancerAvailabilities = [
  { key: 'available', label: 'Available now' },
  { key: 'limited', label: 'Limited availability' },
  { key: 'unavailable', label: 'Not taking work' },
] as const;
export type FreelancerAvailability = (typeof freelancerAvailabilities)[number]['key'];
export const freelancerAvailabilityKeys = freelancerAvailabilities.map((a) => a.key) as [FreelancerAvailability, ...FreelancerAvailability[]];
export const freelancerAvailabilityLabel = (key: string): string => freelancerAvailabilities.find((a) => a.key === key)?.label ?? key;

/** Languages a profile can list (ISO 639-1 codes). */
export const freelancerLanguages = [
  { key: 'en', label: 'English' },
  { key: 'es', label: 'Spanish' },
  { key: 'fr', label: 'French' },
  { key: 'de', label: 'German' },
  { key: 'it', label: 'Italian' },
  { key: 'pt', label: 'Portuguese' },
  { key: 'nl', label: 'Dutch' },
  { key: 'pl', label: 'Polish' },
  { key: 'sv', label: 'Swedish' },
  { key: 'tr', label: 'Turkish' },
  { key: 'ru', label: 'Russian' },
  { key: 'uk', label: 'Ukrainian' },
  { key: 'ar', label: 'Arabic' },
  { key: 'hi', label: 'Hindi' },
  { key: 'zh', label: 'Chinese' },
  { key: 'ja', label: 'Japanese' },
  { key: 'ko', label: 'Korean' },
] as const;
export type FreelancerLanguage = (typeof freelancerLanguages)[number]['key'];
export const freelancerLanguageKeys = freelancerLanguages.map((l) => l.key) as [FreelancerLanguage, ...FreelancerLanguage[]];
export const freelancerLanguageLabel = (key: string): string => freelancerLanguages.find((l) => l.key === key)?.label ?? key;

/** The skills tests; passing one earns its badge, awarded by an admin. */
export const freelancerBadges = [
  {
    key: 'valuation',
    name: 'Domain valuation',
    description: 'Prices a name from comparable sales, extension, length, keyword demand and traffic, and explains the range.',
  },
  {
    key: 'negotiation',
    name: 'Negotiation and escrow',
    description: `Runs offers and counter offers within the ${OFFER_VALIDITY_DAYS}-day offer window and knows how payment and transfer are secured.`,
  },
  {
    key: 'trademark-screening',
    name: 'Trademark screening',
    description: 'Checks a name against registered marks before it is listed or bought, in line with our one-warning trademark policy.',
  },
  {
    key: 'dns',
    name: 'DNS and nameservers',
    description: 'Points a domain at our nameservers, verifies the set-up and troubleshoots landing pages that do not resolve.',
  },
  {
    key: 'landing-pages',
    name: 'Landing pages and search',
    description: 'Writes landing-page copy that converts visitors into inquiries and keeps the page fast and indexable.',
  },
] as const;
export type FreelancerBadge = (typeof freelancerBadges)[number]['key'];
export const freelancerBadgeKeys = freelancerBadges.map((b) => b.key) as [FreelancerBadge, ...FreelancerBadge[]];
export const freelancerBadgeName = (key: string): string => freelancerBadges.find((b) => b.key === key)?.name ?? key;

export interface CertificationRule {
  key: string;
  name: string;
  summary: string;
  /** Every one of these badges, held (not withdrawn). */
  badges: readonly FreelancerBadge[];
  /** At least this many completed engagements that the client reviewed. */
  engagements: number;
  /** How the engagements requirement reads on the home page. */
  engagementsLabel: string;
}

/**
 * A certification is held, never awarded: it holds while its badges are held and the freelancer
 * has completed and been reviewed on enough engagements (docs/product.md, Certifications).
 */
export const freelancerCertifications = [
  {
    key: 'appraiser',
    name: 'Certified Domain Appraiser',
    summary: 'Trusted to give a written valuation that a buyer and a seller can both work from.',
    badges: ['valuation', 'trademark-screening'],
    engagements: 10,
    engagementsLabel: 'Ten completed, reviewed engagements',
  },
  {
    key: 'broker',
    name: 'Certified Domain Broker',
    summary: `Trusted to represent one side of a deal above ${f.brokerThreshold}, where our broker service applies.`,
    badges: ['negotiation', 'valuation'],
    engagements: 5,
    engagementsLabel: 'Five completed, reviewed engagements',
  },
  {
    key: 'breeder-mentor',
    name: 'Startup Breeder Mentor',
    summary: `Trusted to assess founders' video pitches and shape partnerships with budgets above ${f.breederThreshold}.`,
    badges: ['landing-pages', 'negotiation'],
    engagements: 3,
    engagementsLabel: 'Three completed, reviewed engagements',
  },
  {
    key: 'portfolio-manager',
    name: 'Certified Portfolio Manager',
    summary: 'Trusted to import, price and maintain a seller\u2019s portfolio, from nameservers to sponsored headlines.',
    badges: ['dns', 'valuation'],
    engagements: 4,
    engagementsLabel: 'Four completed, reviewed engagements',
  },
  {
    key: 'launch-partner',
    name: 'Certified Launch Partner',
    summary: 'Trusted to take a newly acquired domain from parked page to a working website, with branding and search basics done.',
    badges: ['landing-pages', 'dns'],
    engagements: 2,
    engagementsLabel: 'Two completed, reviewed engagements',
  },
] as const satisfies readonly CertificationRule[];
export type FreelancerCertification = (typeof freelancerCertifications)[number]['key'];
export const freelancerCertificationKeys = freelancerCertifications.map((c) => c.key) as [FreelancerCertification, ...FreelancerCertification[]];

/** The requirement lines of a certification, as people read them. */
export function certificationRequirements(rule: CertificationRule): string[] {
  return [...rule.badges.map((b) => `${freelancerBadgeName(b)} badge`), rule.engagementsLabel];
}

/*
 * Reputation: the one rule for a freelancer's rating, level and certifications
 * (docs/product.md, "Level and rating"). The server's aggregates, its SQL filters and every page
 * read these functions; nothing stores a figure of its own.
 *
 * - The rating and its count come only from the clients' reviews that exist: the count is how
 *   many completed engagements a client reviewed, the rating the average of their stars to one
 *   decimal, none without reviews.
 * - A certification is earned, never awarded: it is held while every badge it needs is held and
 *   the count reaches its number. Admins award and withdraw badges.
 * - It is lost only when an admin withdraws a badge it needs. A review only adds to the count,
 *   so a new review never takes away a certification (nor lowers the level).
 * - The level is the number of certifications held (0 to 5); it is shown as its own badge, and
 *   stars only ever show the rating.
 */

/** The certifications these badges and completed, reviewed engagements hold, in the list's order. */
export function heldCertifications(badges: readonly string[], completedEngagements: number): FreelancerCertification[] {
  const held = new Set(badges);
  return freelancerCertifications
    .filter((c) => completedEngagements >= c.engagements && c.badges.every((b) => held.has(b)))
    .map((c) => c.key);
}

/** A consultant's level: one for each certification held, out of the number there are. */
export const CONSULTANT_LEVEL_SCALE = freelancerCertifications.length;
export const consultantLevel = (certifications: readonly string[]): number => certifications.length;

/** The rating of these clients' reviews: the average of their stars to one decimal, null with none. */
export function reviewRating(reviewCount: number, starsSum: number): number | null {
  return reviewCount === 0 ? null : Math.round((starsSum / reviewCount) * 10) / 10;
}

export interface Reputation {
  /** How many completed engagements a client reviewed. */
  reviewCount: number;
  rating: number | null;
  certifications: FreelancerCertification[];
  level: number;
}

/** A freelancer's whole reputation from their clients' reviews (count and sum of stars) and the badges they hold. */
export function reputationOf(input: { reviewCount: number; starsSum: number; badges: readonly string[] }): Reputation {
  const certifications = heldCertifications(input.badges, input.reviewCount);
  return { reviewCount: input.reviewCount, rating: reviewRating(input.reviewCount, input.starsSum), certifications, level: consultantLevel(certifications) };
}

/** Limits of a profile (the form and the API check the same). */
export const FREELANCER_LIMITS = {
  headline: 120,
  bio: 4000,
  nameMin: 1,
  skills: freelancerSkills.length,
  languages: 10,
  links: 5,
  link: 500,
  packages: 5,
  packageTitle: 80,
  packageDescription: 600,
  /** Rates and prices in cents: at most $10,000 an hour, $1,000,000 a package. */
  maxHourlyRateCents: 1_000_000,
  maxPackagePriceCents: 100_000_000,
  maxDeliveryDays: 365,
  badgeNote: 500,
  avatarBytes: 1_048_576,
} as const;

export const ALLOWED_AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const FREELANCER_PAGE_SIZE = 20;
/**
 * The directory counts matches up to this many and then says "1,000+", as domain search does:
 * an exact count of a broad filter over 100,000 profiles costs more than the page itself.
 */
export const FREELANCER_COUNT_CAP = 1000;
export const freelancerSorts = [
  { key: 'rating', label: 'Best rated' },
  { key: 'completed', label: 'Most completed work' },
  { key: 'rate_low', label: 'Lowest rate' },
  { key: 'rate_high', label: 'Highest rate' },
] as const;
export type FreelancerSort = (typeof freelancerSorts)[number]['key'];
export const freelancerSortKeys = freelancerSorts.map((s) => s.key) as [FreelancerSort, ...FreelancerSort[]];

export const freelancerMessages = {
  saved: 'Your profile is saved.',
  published: 'Your profile is public.',
  unpublished: 'Your profile is hidden from the directory.',
  publishNeeds: 'Add a headline and at least one skill before publishing your profile.',
  notFound: 'No public freelancer profile has this address.',
  noProfile: 'This user has no freelancer profile yet.',
  linkInvalid: 'Enter a full web address starting with https:// or http://.',
  countryInvalid: 'Choose a country.',
  badgeAlreadyHeld: 'This freelancer already holds this badge.',
  badgeWithdrawn: 'This badge was already withdrawn.',
  badgeAwarded: 'Badge awarded.',
  badgeRemoved: 'Badge withdrawn.',
  avatarType: 'Please choose a PNG, JPEG or WebP image.',
  avatarTooLarge: 'This picture is too large; the limit is 1 MB.',
  avatarNotUploaded: 'That picture has not been uploaded yet.',
  rateRange: 'The lowest rate must not be above the highest.',
  passedOnFuture: 'The test date cannot be in the future.',
} as const;

/** The countries a profile can name (ISO 3166-1 alpha-2, and XK for Kosovo). */
export const freelancerCountryCodes = 'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(' ') as [string, ...string[]];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** A country's English name from its ISO 3166 code ("IE" -> "Ireland"); the code when unknown. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "4.8 of 5 stars from 12 reviewed engagements", or that there are no reviews yet. */
export function ratingText(rating: number | null, completed: number): string {
  if (rating === null || completed === 0) return 'No reviews yet';
  return `${rating.toFixed(1)} of 5 stars from ${completed} reviewed ${completed === 1 ? 'engagement' : 'engagements'}`;
}
