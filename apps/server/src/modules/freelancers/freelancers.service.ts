import { randomUUID } from 'node:crypto';
import {
  ALLOWED_AVATAR_TYPES,
  apiErrors,
  FREELANCER_LIMITS,
  FREELANCER_PAGE_SIZE,
  type FreelancerAdmin,
  type FreelancerDirectory,
  type FreelancerOwn,
  type FreelancerProfile,
  type FreelancerPublic,
  type FreelancerReview,
  type FreelancerShowcase,
  freelancerBadges,
  freelancerCertifications,
  freelancerMessages as m,
  isAdminRole,
  publicName,
} from '@market/shared';
import type { z } from 'zod';
import type { freelancerBadgeAwardBody, freelancerProfileBody } from '@market/shared';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import { isSafeKey, type ObjectStorage } from '../../storage/object-storage.js';
import { findUserById, type Principal } from '../auth/index.js';
import { clientReviewsOf, countClientReviews } from '../engagements/index.js';
import { presentFreelancer, presentFreelancerForAdmin, presentReview } from './freelancers.presenter.js';
import {
  adminPage,
  badgeHolders,
  bestCertified,
  certificationHolders,
  type DirectoryFilters,
  directoryPage,
  findBadge,
  findProfile,
  freelancerSearchText,
  heldBadges,
  insertBadge,
  insertEmptyProfile,
  type ProfileRow,
  replaceFacets,
  replaceSearchWords,
  updateProfile,
  withdrawBadge,
} from './freelancers.repository.js';

type ProfileInput = z.output<typeof freelancerProfileBody>;
type AwardInput = z.output<typeof freelancerBadgeAwardBody>;

const UPLOAD_POLICY_SECONDS = 10 * 60;
/** Signed picture links live an hour; the redirect to them may be kept five minutes. */
export const AVATAR_LINK_SECONDS = 60 * 60;
const ADMIN_PAGE_SIZE = 50;
const SHOWCASE_HOLDERS = 3;
/** The newest clients' reviews a profile shows; its reviews page shows them all, a page at a time. */
export const PROFILE_REVIEWS = 10;
export const REVIEWS_PAGE_SIZE = 5;
/** The home page's showcase is computed at most this often per server. */
const SHOWCASE_CACHE_MS = 30_000;

const avatarPrefix = (userId: number) => `avatars/${userId}/`;
const extensionOf: Record<(typeof ALLOWED_AVATAR_TYPES)[number], string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const publishable = (headline: string, skills: readonly unknown[]) => headline.trim().length > 0 && skills.length > 0;

export function createFreelancersService(db: Db, storage: ObjectStorage) {
  const k = db.kysely;
  let showcaseCache: { at: number; value: FreelancerShowcase } | undefined;
  const changed = () => {
    showcaseCache = undefined;
  };

  async function present(row: ProfileRow): Promise<FreelancerPublic> {
    return presentFreelancer(row, await heldBadges(k, [row.user_id]));
  }

  /** The clients' reviews of the freelancer, newest first, beside the profile. */
  async function withReviews(profile: FreelancerPublic): Promise<FreelancerProfile> {
    const [reviews, count] = await Promise.all([clientReviewsOf(k, profile.id, PROFILE_REVIEWS), countClientReviews(k, profile.id)]);
    return { ...profile, reviews: reviews.map(presentReview), review_count: count };
  }

  async function presentMany(rows: ProfileRow[]): Promise<FreelancerPublic[]> {
    const badges = await heldBadges(
      k,
      rows.map((r) => r.user_id),
    );
    return rows.map((r) => presentFreelancer(r, badges));
  }

  async function own(principal: Principal): Promise<FreelancerOwn> {
    const row = await findProfile(k, principal.user.id);
    if (!row) {
      const u = principal.user;
      return {
        id: u.id,
        name: publicName(u),
        headline: '',
        bio: '',
        skills: [],
        hourly_rate_cents: null,
        packages: [],
        languages: [],
        country: null,
        availability: 'available',
        links: [],
        avatar_url: null,
        badges: [],
        certifications: [],
        level: 0,
        completed_engagements: 0,
        rating: null,
        published_at: null,
        published: false,
        exists: false,
      };
    }
    const view = await present(row);
    // The owner sees their picture before the profile is public, through a signed link.
    const avatar = row.avatar_key ? await storage.signedGetUrl(row.avatar_key, AVATAR_LINK_SECONDS) : null;
    return { ...view, avatar_url: avatar, published: row.published === 1, exists: true };
  }

  /** A profile anyone may see: published ones only. */
  async function findPublished(id: number): Promise<ProfileRow | undefined> {
    const row = await findProfile(k, id);
    return row && row.published === 1 ? row : undefined;
  }

  return {
    own,

    /** Saves the whole profile (creating it the first time); a published profile stays publishable. */
    async save(principal: Principal, input: ProfileInput): Promise<FreelancerOwn> {
      const userId = principal.user.id;
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await insertEmptyProfile(trx, userId, now);
        const current = await findProfile(trx, userId);
        if (current?.published === 1 && !publishable(input.headline, input.skills)) throw AppError.fields({ non_field_errors: [m.publishNeeds] });
        const user = await findUserById(trx, userId);
        const searchText = freelancerSearchText(user?.first_name ?? '', user?.last_name ?? '', input.headline, input.skills);
        await updateProfile(trx, userId, {
          headline: input.headline,
          bio: input.bio,
          skills: JSON.stringify(input.skills),
          hourly_rate_cents: input.hourly_rate_cents,
          packages: JSON.stringify(input.packages),
          languages: JSON.stringify(input.languages),
          country: input.country,
          availability: input.availability,
          links: JSON.stringify(input.links),
          search_text: searchText,
          updated_at: now,
        });
        await replaceFacets(trx, userId, input.skills, input.languages);
        await replaceSearchWords(trx, userId, searchText);
      });
      changed();
      return own(principal);
    },

    /** Makes the profile public (it needs a headline and a skill) or hides it again. */
    async setPublished(principal: Principal, publish: boolean): Promise<FreelancerOwn> {
      const row = await findProfile(k, principal.user.id);
      if (!row) throw AppError.fields({ non_field_errors: [m.publishNeeds] });
      if (publish && !publishable(row.headline, JSON.parse(row.skills) as unknown[])) throw AppError.fields({ non_field_errors: [m.publishNeeds] });
      const now = nowIso();
      await updateProfile(k, row.user_id, {
        published: publish ? 1 : 0,
        published_at: publish ? (row.published_at ?? now) : row.published_at,
        updated_at: now,
      });
      changed();
      return own(principal);
    },

    /** A presigned upload for one picture under the owner's own prefix (checked again on record). */
    async requestAvatarUpload(principal: Principal, input: { file_name: string; content_type: (typeof ALLOWED_AVATAR_TYPES)[number]; size: number }) {
      if (input.size > FREELANCER_LIMITS.avatarBytes) throw new AppError('TOO_LARGE', m.avatarTooLarge, { file: [m.avatarTooLarge] });
      const key = `${avatarPrefix(principal.user.id)}${randomUUID()}.${extensionOf[input.content_type]}`;
      const policy = await storage.createUploadPolicy({
        key,
        contentType: input.content_type,
        maxBytes: FREELANCER_LIMITS.avatarBytes,
        expiresSeconds: UPLOAD_POLICY_SECONDS,
      });
      return { ...policy, key };
    },

    /** Takes an uploaded picture as the profile's, after checking what storage really holds. */
    async recordAvatar(principal: Principal, key: string): Promise<FreelancerOwn> {
      const userId = principal.user.id;
      if (!key.startsWith(avatarPrefix(userId)) || !isSafeKey(key)) throw AppError.fields({ key: [m.avatarNotUploaded] });
      const stored = await storage.head(key);
      if (!stored || stored.size === 0) throw AppError.fields({ key: [m.avatarNotUploaded] });
      if (stored.size > FREELANCER_LIMITS.avatarBytes || !(ALLOWED_AVATAR_TYPES as readonly string[]).includes(stored.contentType ?? '')) {
        await storage.remove(key);
        throw AppError.fields({ key: [stored.size > FREELANCER_LIMITS.avatarBytes ? m.avatarTooLarge : m.avatarType] });
      }
      const now = nowIso();
      await insertEmptyProfile(k, userId, now);
      const before = await findProfile(k, userId);
      await updateProfile(k, userId, { avatar_key: key, updated_at: now });
      if (before?.avatar_key && before.avatar_key !== key) await storage.remove(before.avatar_key);
      changed();
      return own(principal);
    },

    async removeAvatar(principal: Principal): Promise<FreelancerOwn> {
      const row = await findProfile(k, principal.user.id);
      if (row?.avatar_key) {
        await updateProfile(k, row.user_id, { avatar_key: null, updated_at: nowIso() });
        await storage.remove(row.avatar_key);
        changed();
      }
      return own(principal);
    },

    /** A published profile; its owner and admins also see it while it is hidden. */
    async profile(principal: Principal | undefined, id: number): Promise<FreelancerProfile> {
      const row = await findProfile(k, id);
      const mayPreview = principal !== undefined && (principal.user.id === id || isAdminRole(principal.user.role));
      if (!row || (row.published !== 1 && !mayPreview)) throw new AppError('NOT_FOUND', m.notFound);
      return withReviews(await present(row));
    },

    /** The server-rendered page's data: published profiles only, else undefined. */
    async publicPage(id: number): Promise<FreelancerProfile | undefined> {
      const row = await findPublished(id);
      return row ? withReviews(await present(row)) : undefined;
    },

    /**
     * A page of the clients' reviews of a published freelancer (its reviews page), else
     * undefined; a page past the end is the last one.
     */
    async publicReviews(id: number, asked: number): Promise<{ freelancer: FreelancerPublic; reviews: FreelancerReview[]; count: number; page: number; pages: number } | undefined> {
      const row = await findPublished(id);
      if (!row) return undefined;
      const count = await countClientReviews(k, id);
      const pages = Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE));
      const page = Math.min(asked, pages);
      const [freelancer, reviews] = await Promise.all([present(row), clientReviewsOf(k, id, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE)]);
      return { freelancer, reviews: reviews.map(presentReview), count, page, pages };
    },

    /** A short-lived link to a published profile's picture. */
    async avatarLink(id: number): Promise<string> {
      const row = await findPublished(id);
      if (!row?.avatar_key) throw new AppError('NOT_FOUND', apiErrors.notFound);
      return storage.signedGetUrl(row.avatar_key, AVATAR_LINK_SECONDS);
    },

    async directory(filters: DirectoryFilters): Promise<FreelancerDirectory> {
      const { count, more, rows } = await directoryPage(k, db.dialect, filters);
      return { count, more, page: filters.page, page_size: FREELANCER_PAGE_SIZE, results: await presentMany(rows) };
    },

    /** Who holds each badge and certification, and the consultant card: the best-rated certified freelancer. */
    async showcase(): Promise<FreelancerShowcase> {
      if (showcaseCache && Date.now() - showcaseCache.at < SHOWCASE_CACHE_MS) return showcaseCache.value;
      const named = (h: { id: number; first_name: string; last_name: string }) => ({ id: h.id, name: publicName(h) });
      const [badges, certifications, best] = await Promise.all([
        Promise.all(freelancerBadges.map(async (b) => ({ badge: b.key, ...(await badgeHolders(k, db.dialect, b.key, SHOWCASE_HOLDERS)) }))),
        Promise.all(
          freelancerCertifications.map(async (c) => ({ certification: c.key, ...(await certificationHolders(k, db.dialect, c, SHOWCASE_HOLDERS)) })),
        ),
        bestCertified(k, db.dialect),
      ]);
      const value: FreelancerShowcase = {
        badges: badges.map((b) => ({ badge: b.badge, count: b.count, holders: b.holders.map(named) })),
        certifications: certifications.map((c) => ({ certification: c.certification, count: c.count, holders: c.holders.map(named) })),
        consultant: best ? await present(best) : null,
      };
      showcaseCache = { at: Date.now(), value };
      return value;
    },

    async adminList(q: string | undefined, page: number): Promise<{ count: number; results: FreelancerAdmin[] }> {
      const { count, rows } = await adminPage(k, q, page, ADMIN_PAGE_SIZE);
      const badges = await heldBadges(
        k,
        rows.map((r) => r.user_id),
      );
      return { count, results: rows.map((r) => presentFreelancerForAdmin(r, badges)) };
    },

    /** An admin records a passed test; the badge shows at once and counts toward certifications. */
    async awardBadge(principal: Principal, userId: number, input: AwardInput): Promise<FreelancerAdmin> {
      if (input.passed_on > nowIso().slice(0, 10)) throw AppError.fields({ passed_on: [m.passedOnFuture] });
      const row = await findProfile(k, userId);
      if (!row) throw new AppError('NOT_FOUND', m.noProfile);
      const held = await heldBadges(k, [userId]);
      if (held.some((b) => b.badge === input.badge)) {
        await writeAudit(k, { actorId: principal.user.id, action: 'badge-award', targetType: 'freelancer', targetId: userId, outcome: 'refused', details: { badge: input.badge } });
        throw new AppError('CONFLICT', m.badgeAlreadyHeld);
      }
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        const id = await insertBadge(trx, {
          user_id: userId,
          badge: input.badge,
          passed_on: input.passed_on,
          note: input.note,
          awarded_by: principal.user.id,
          awarded_at: now,
        });
        await writeAudit(trx, {
          actorId: principal.user.id,
          action: 'badge-award',
          targetType: 'freelancer',
          targetId: userId,
          outcome: 'ok',
          details: { badge: input.badge, badge_id: id, passed_on: input.passed_on },
        });
      });
      changed();
      return presentFreelancerForAdmin(row, await heldBadges(k, [userId]));
    },

    /** Withdraws a badge; it stays in the table as history, no longer held. */
    async withdrawBadge(principal: Principal, userId: number, badgeId: number): Promise<FreelancerAdmin> {
      const row = await findProfile(k, userId);
      const badge = row ? await findBadge(k, userId, badgeId) : undefined;
      if (!row || !badge) throw new AppError('NOT_FOUND', apiErrors.notFound);
      const audit = { actorId: principal.user.id, action: 'badge-withdraw', targetType: 'freelancer', targetId: userId, details: { badge: badge.badge, badge_id: badgeId } } as const;
      const done = await k.transaction().execute(async (trx) => {
        const withdrawn = await withdrawBadge(trx, badgeId, principal.user.id, nowIso());
        if (withdrawn) await writeAudit(trx, { ...audit, outcome: 'ok' });
        return withdrawn;
      });
      if (!done) {
        await writeAudit(k, { ...audit, outcome: 'refused' });
        throw new AppError('CONFLICT', m.badgeWithdrawn);
      }
      changed();
      return presentFreelancerForAdmin(row, await heldBadges(k, [userId]));
    },
  };
}

export type FreelancersService = ReturnType<typeof createFreelancersService>;
