import {
  type FreelancerDirectoryQuery,
  freelancerAvailabilityKeys,
  freelancerBadgeKeys,
  freelancerCertificationKeys,
  freelancerCountryCodes,
  freelancerLanguageKeys,
  freelancerSkillKeys,
  freelancerSortKeys,
} from '@market/shared';

/** The directory's filters as the address keeps them: only known values, the rest ignored. */
export type DirectoryFilterName = 'skill' | 'badge' | 'certification' | 'language' | 'country' | 'availability';

const allowed: Record<DirectoryFilterName | 'sort', readonly string[]> = {
  skill: freelancerSkillKeys,
  badge: freelancerBadgeKeys,
  certification: freelancerCertificationKeys,
  language: freelancerLanguageKeys,
  country: freelancerCountryCodes,
  availability: freelancerAvailabilityKeys,
  sort: freelancerSortKeys,
};

function pick<T extends string>(params: URLSearchParams, name: keyof typeof allowed): T | undefined {
  const value = params.get(name) ?? '';
  return allowed[name].includes(value) ? (value as T) : undefined;
}

function whole(params: URLSearchParams, name: string): number | undefined {
  const value = Number(params.get(name));
  return params.get(name) && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The API query for the directory's address (rates are kept in cents, like the API). */
export function directoryQueryFrom(params: URLSearchParams): FreelancerDirectoryQuery {
  const page = whole(params, 'page');
  let min = whole(params, 'min_rate');
  let max = whole(params, 'max_rate');
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    q: params.get('q')?.trim() || undefined,
    skill: pick(params, 'skill'),
    badge: pick(params, 'badge'),
    certification: pick(params, 'certification'),
    language: pick(params, 'language'),
    country: pick(params, 'country'),
    availability: pick(params, 'availability'),
    min_rate: min,
    max_rate: max,
    sort: pick(params, 'sort') ?? 'rating',
    page: page && page >= 1 ? page : 1,
  };
}
