/**
 * Country options come from the browser's own ISO 3166 data (Intl.DisplayNames), not a list
 * typed by hand: every two-letter code the runtime can name is a candidate, then aliases,
 * private-use and grouping codes are dropped.
 */
export interface CountryOption {
  code: string;
  name: string;
}

// Not countries: groupings and codes ISO reserves without assigning (EU, UN, Eurozone,
// Ascension, Canary Islands, ...). XK (Kosovo) is user-assigned but in real use, so it stays.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA']);

function isPrivateUse(code: string): boolean {
  return code === 'AA' || code === 'ZZ' || /^Q[M-Z]$/.test(code) || (/^X[A-Z]$/.test(code) && code !== 'XK');
}

function canonicalRegion(code: string): string | undefined {
  try {
    return new Intl.Locale(`und-${code}`).region;
  } catch {
    return undefined;
  }
}

let cache: CountryOption[] | undefined;

export function getCountries(locale = 'en'): CountryOption[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const result: CountryOption[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || isPrivateUse(code)) continue;
      // Deprecated codes (UK, BU, SU...) canonicalise to another code: keep only the current one.
      if (canonicalRegion(code) !== code) continue;
      const name = names.of(code);
      if (name) result.push({ code, name });
    }
  }
  cache = result.sort((x, y) => x.name.localeCompare(y.name, locale));
  return cache;
}

