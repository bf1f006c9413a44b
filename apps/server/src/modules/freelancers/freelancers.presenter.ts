import { createHash } from 'node:crypto';
import {
  consultantLevel,
  type FreelancerAdmin,
  type FreelancerAvailability,
  type FreelancerBadge,
  type FreelancerBadgeView,
  freelancerBadgeName,
  type FreelancerLanguage,
  type FreelancerPackage,
  type FreelancerPublic,
  type FreelancerReview,
  type FreelancerSkill,
  heldCertifications,
  publicName,
} from '@market/shared';
import type { ReviewRow } from '../engagements/index.js';
import type { BadgeRow, ProfileRow } from './freelancers.repository.js';


function list<T>(stored: string): T[] {
  try {
    const value = JSON.parse(stored) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** The public address of a profile's picture; it changes with the picture, so it can be cached. */
export function avatarPath(row: Pick<ProfileRow, 'user_id' | 'avatar_key'>): string | null {
  if (!row.avatar_key) return null;
  return `/api/freelancers/${row.user_id}/avatar?v=${createHash('sha256').update(row.avatar_key).digest('base64url').slice(0, 10)}`;
}

function presentBadge(b: BadgeRow): FreelancerBadgeView {
  return { id: b.id, badge: b.badge as FreelancerBadge, name: freelancerBadgeName(b.badge), passed_on: b.passed_on, note: b.note };
}

/** A profile as everyone sees it; its certifications and level follow from its badges and aggregates. */
export function presentFreelancer(row: ProfileRow, badges: readonly BadgeRow[]): FreelancerPublic {
  const held = badges.filter((b) => b.user_id === row.user_id && b.withdrawn_at === null);
  const certifications = heldCertifications(
    held.map((b) => b.badge),
    row.completed_engagements,
  );
  return {
    id: row.user_id,
    name: publicName(row),
    headline: row.headline,
    bio: row.bio,
    skills: list<FreelancerSkill>(row.skills),
    hourly_rate_cents: row.hourly_rate_cents,
    packages: list<FreelancerPackage>(row.packages),
    languages: list<FreelancerLanguage>(row.languages),
    country: row.country,
    availability: row.availability as FreelancerAvailability,
    links: list<string>(row.links),
    avatar_url: avatarPath(row),
    badges: held.map(presentBadge),
    certifications,
    level: consultantLevel(certifications),
    completed_engagements: row.completed_engagements,
    rating: row.rating === null ? null : Math.round(row.rating * 10) / 10,
    published_at: row.published_at,
  };
}

export function presentFreelancerForAdmin(row: ProfileRow, badges: readonly BadgeRow[]): FreelancerAdmin {
  return { ...presentFreelancer(row, badges), email: row.email, published: row.published === 1 };
}

/** A client's review as the freelancer's profile shows it: the client by their public name. */
export function presentReview(r: ReviewRow): FreelancerReview {
  return {
    id: r.id,
    engagement_title: r.engagement_title,
    client_name: publicName({ first_name: r.author_first_name, last_name: r.author_last_name }),
    stars: r.stars,
    text: r.body,
    reply: r.reply,
    created_at: r.created_at,
  };
}
