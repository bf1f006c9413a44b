import {
  type FreelancerAvailability,
  type FreelancerLanguage,
  type FreelancerOwn,
  type FreelancerProfileBody,
  freelancerProfileBody,
  type FreelancerSkill,
} from '@market/shared';
import { AMOUNT_INVALID, amountFieldText, readCents } from '@/utils/money';

/** The editor's values: money as the dollars people type, lists as they are being edited. */
export interface PackageValues {
  title: string;
  description: string;
  price: string;
  delivery_days: string;
}

export interface ProfileValues {
  headline: string;
  bio: string;
  skills: FreelancerSkill[];
  hourly_rate: string;
  packages: PackageValues[];
  languages: FreelancerLanguage[];
  country: string;
  availability: FreelancerAvailability;
  links: string[];
}

export function valuesOf(profile: FreelancerOwn): ProfileValues {
  return {
    headline: profile.headline,
    bio: profile.bio,
    skills: profile.skills,
    hourly_rate: profile.hourly_rate_cents === null ? '' : amountFieldText(profile.hourly_rate_cents),
    packages: profile.packages.map((p) => ({
      title: p.title,
      description: p.description,
      price: amountFieldText(p.price_cents),
      delivery_days: String(p.delivery_days),
    })),
    languages: profile.languages,
    country: profile.country ?? '',
    availability: profile.availability,
    links: profile.links,
  };
}

/**
 * The request body, checked with the API's own schema (packages/shared), so the form shows the
 * messages the server would send. Field errors are keyed like the server's: `links`, `packages`...
 */
export function bodyOf(values: ProfileValues): { body?: FreelancerProfileBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  // No rate is a rate not given; a rate of 0 is one.
  const rate = readCents(values.hourly_rate);
  if (rate === 'invalid') errors.hourly_rate_cents = AMOUNT_INVALID;
  const packages = values.packages.map((p) => {
    const price = readCents(p.price);
    if (typeof price !== 'number') errors.packages = `Package “${p.title || 'untitled'}”: ${AMOUNT_INVALID}`;
    return { title: p.title, description: p.description, price_cents: typeof price === 'number' ? price : 0, delivery_days: Number(p.delivery_days) };
  });
  const candidate = {
    headline: values.headline,
    bio: values.bio,
    skills: values.skills,
    hourly_rate_cents: typeof rate === 'number' ? rate : null,
    packages,
    languages: values.languages,
    country: values.country || null,
    availability: values.availability,
    links: values.links.map((l) => l.trim()).filter(Boolean),
  };
  const parsed = freelancerProfileBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'non_field_errors');
      const where = field === 'packages' && typeof issue.path[1] === 'number' ? `Package ${issue.path[1] + 1}, ${String(issue.path[2] ?? '')}: ` : '';
      errors[field] ??= `${where}${issue.message}`;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { body: candidate as FreelancerProfileBody, errors };
}
