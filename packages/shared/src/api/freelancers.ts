import { z } from 'zod';
import { centsSchema } from '../money.js';
import {
  ALLOWED_AVATAR_TYPES,
  FREELANCER_LIMITS as L,
  FREELANCER_COUNT_CAP,
  FREELANCER_PAGE_SIZE,
  freelancerAvailabilityKeys,
  freelancerBadgeKeys,
  freelancerCertificationKeys,
  freelancerCountryCodes,
  freelancerLanguageKeys,
  freelancerMessages as m,
  freelancerSkillKeys,
  freelancerSortKeys,
} from '../freelancers.js';
import { recordId } from '../validation.js';

/** A web address a visitor can follow: http(s) only, never javascript: or data:. */
const webLink = z
  .string()
  .trim()
  .max(L.link)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, m.linkInvalid);

const cents = (max: number) => z.number().int().min(0).max(max);

export const freelancerPackageSchema = z
  .object({
    title: z.string().trim().min(1).max(L.packageTitle),
    description: z.string().trim().max(L.packageDescription),
    price_cents: cents(L.maxPackagePriceCents).min(100).brand<'Cents'>(),
    delivery_days: z.number().int().min(1).max(L.maxDeliveryDays),
  })
  .strict();
export type FreelancerPackage = z.infer<typeof freelancerPackageSchema>;

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** PUT /api/freelancers/me/: the whole editable profile (publishing is its own call). */
export const freelancerProfileBody = z
  .object({
    headline: z.string().trim().max(L.headline),
    bio: z.string().trim().max(L.bio),
    skills: z.array(z.enum(freelancerSkillKeys)).max(L.skills).refine(unique, 'List each skill once.'),
    hourly_rate_cents: cents(L.maxHourlyRateCents).brand<'Cents'>().nullable(),
    packages: z.array(freelancerPackageSchema).max(L.packages),
    languages: z.array(z.enum(freelancerLanguageKeys)).max(L.languages).refine(unique, 'List each language once.'),
    country: z.enum(freelancerCountryCodes, { error: m.countryInvalid }).nullable(),
    availability: z.enum(freelancerAvailabilityKeys),
    links: z.array(webLink).max(L.links),
  })
  .strict();
export type FreelancerProfileBody = z.input<typeof freelancerProfileBody>;

export const freelancerBadgeSchema = z.object({
  id: z.number(),
  badge: z.enum(freelancerBadgeKeys),
  name: z.string(),
  passed_on: z.string(),
  note: z.string(),
});
export type FreelancerBadgeView = z.infer<typeof freelancerBadgeSchema>;

/** What everyone sees of a published profile (the directory's cards carry the same). */
export const freelancerPublicSchema = z.object({
  id: z.number(),
  name: z.string(),
  headline: z.string(),
  bio: z.string(),
  skills: z.array(z.enum(freelancerSkillKeys)),
  hourly_rate_cents: centsSchema.nullable(),
  packages: z.array(freelancerPackageSchema),
  languages: z.array(z.enum(freelancerLanguageKeys)),
  country: z.string().nullable(),
  availability: z.enum(freelancerAvailabilityKeys),
  links: z.array(z.string()),
  avatar_url: z.string().nullable(),
  badges: z.array(freelancerBadgeSchema),
  certifications: z.array(z.enum(freelancerCertificationKeys)),
  level: z.number(),
  completed_engagements: z.number(),
  rating: z.number().nullable(),
  published_at: z.string().nullable(),
});
export type FreelancerPublic = z.infer<typeof freelancerPublicSchema>;

/** A client's review of a completed engagement, as the freelancer's public profile shows it. */
export const freelancerReviewSchema = z.object({
  id: z.number(),
  engagement_title: z.string(),
  /** The client's public name (first name and last name's initial). */
  client_name: z.string(),
  stars: z.number(),
  text: z.string(),
  reply: z.string().nullable(),
  created_at: z.string(),
});
export type FreelancerReview = z.infer<typeof freelancerReviewSchema>;

/** GET /api/freelancers/{id}/ and the public page: the profile and its clients' reviews, newest first. */
/** A profile with its clients' newest reviews, and how many there are in all. */
export const freelancerProfileSchema = freelancerPublicSchema.extend({ reviews: z.array(freelancerReviewSchema), review_count: z.number() });
export type FreelancerProfile = z.infer<typeof freelancerProfileSchema>;

/** The owner's own profile: the public part plus whether it is published. */
export const freelancerOwnSchema = freelancerPublicSchema.extend({ published: z.boolean(), exists: z.boolean() });
export type FreelancerOwn = z.infer<typeof freelancerOwnSchema>;

/** GET /api/freelancers/: the directory's filters, all optional. */
export const freelancerDirectoryQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    skill: z.enum(freelancerSkillKeys).optional(),
    badge: z.enum(freelancerBadgeKeys).optional(),
    certification: z.enum(freelancerCertificationKeys).optional(),
    min_rate: z.coerce.number().int().min(0).max(L.maxHourlyRateCents).optional(),
    max_rate: z.coerce.number().int().min(0).max(L.maxHourlyRateCents).optional(),
    language: z.enum(freelancerLanguageKeys).optional(),
    country: z.enum(freelancerCountryCodes, { error: m.countryInvalid }).optional(),
    availability: z.enum(freelancerAvailabilityKeys).optional(),
    sort: z.enum(freelancerSortKeys).default('rating'),
    page: z.coerce.number().int().min(1).max(FREELANCER_COUNT_CAP / FREELANCER_PAGE_SIZE).default(1),
  })
  .refine((q) => q.min_rate === undefined || q.max_rate === undefined || q.min_rate <= q.max_rate, { message: m.rateRange, path: ['min_rate'] });
/** The directory's filters as a client sends them (every one optional; the API fills in sort and page). */
export type FreelancerDirectoryQuery = Partial<z.output<typeof freelancerDirectoryQuery>>;

export const freelancerDirectorySchema = z.object({
  /** Matches, counted up to FREELANCER_COUNT_CAP; `more` when there are more than that. */
  count: z.number(),
  more: z.boolean(),
  page: z.number(),
  page_size: z.literal(FREELANCER_PAGE_SIZE),
  results: z.array(freelancerPublicSchema),
});
export type FreelancerDirectory = z.infer<typeof freelancerDirectorySchema>;

const holderSchema = z.object({ id: z.number(), name: z.string() });

/** GET /api/freelancers/showcase/: who holds each badge and certification, and the consultant card. */
export const freelancerShowcaseSchema = z.object({
  badges: z.array(z.object({ badge: z.enum(freelancerBadgeKeys), count: z.number(), holders: z.array(holderSchema) })),
  certifications: z.array(z.object({ certification: z.enum(freelancerCertificationKeys), count: z.number(), holders: z.array(holderSchema) })),
  consultant: freelancerPublicSchema.nullable(),
});
export type FreelancerShowcase = z.infer<typeof freelancerShowcaseSchema>;

export const freelancerAvatarUploadBody = z
  .object({
    file_name: z.string().trim().min(1).max(255),
    content_type: z.enum(ALLOWED_AVATAR_TYPES, { error: m.avatarType }),
    size: z.number().int().min(1),
  })
  .strict();
export const freelancerAvatarUploadSchema = z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() });
export const freelancerAvatarRecordBody = z.object({ key: z.string().min(1).max(400) }).strict();

/** The admin's list: every profile, published or not, with its owner's e-mail. */
export const freelancerAdminSchema = freelancerPublicSchema.extend({ email: z.string(), published: z.boolean() });
export type FreelancerAdmin = z.infer<typeof freelancerAdminSchema>;
export const freelancerAdminListSchema = z.object({ count: z.number(), results: z.array(freelancerAdminSchema) });
export const freelancerAdminQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** POST /api/admin/freelancers/{id}/badges/: a passed test. */
export const freelancerBadgeAwardBody = z
  .object({
    badge: z.enum(freelancerBadgeKeys),
    passed_on: z.iso.date(),
    note: z.string().trim().max(L.badgeNote).default(''),
  })
  .strict();
export type FreelancerBadgeAwardBody = z.input<typeof freelancerBadgeAwardBody>;

export const freelancerIdParams = z.object({ id: recordId });
export const freelancerBadgeParams = z.object({ id: recordId, badgeId: recordId });
