import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';

export interface DomainNameParts {
  /** ASCII (punycode) name, lower case: what is stored and matched. */
  domain_name: string;
  /** The Unicode form, for display. */
  domain_unicode: string;
  /** Everything before the public suffix, e.g. "shop.example" of "shop.example.co.uk" is "shop.example". */
  domain_label: string;
  /** The public suffix from the Public Suffix List, e.g. "co.uk". */
  domain_extension: string;
  label_length: number;
  has_digit: boolean;
  has_hyphen: boolean;
  is_idn: boolean;
}

/**
 * Splits a valid ASCII domain into label and public suffix. Names that are only a suffix
 * ("co.uk") or whose suffix is not on the list are refused with undefined.
 */
export function describeDomain(asciiName: string): DomainNameParts | undefined {
  const parsed = parse(asciiName, { allowPrivateDomains: false, extractHostname: false });
  const suffix = parsed.publicSuffix;
  if (!suffix || !parsed.isIcann || parsed.domain === null) return undefined;
  if (asciiName === suffix || !asciiName.endsWith(`.${suffix}`)) return undefined;
  const label = asciiName.slice(0, -(suffix.length + 1));
  // Only punycode labels have another Unicode form; most names of a large import have none.
  const isIdn = asciiName.includes('xn--');
  const unicode = isIdn ? domainToUnicode(asciiName) || asciiName : asciiName;
  const unicodeLabel = isIdn ? unicode.slice(0, unicode.length - (domainToUnicode(suffix) || suffix).length - 1) : label;
  return {
    domain_name: asciiName,
    domain_unicode: unicode,
    domain_label: label,
    domain_extension: suffix,
    label_length: [...unicodeLabel].length,
    has_digit: /\d/.test(label),
    has_hyphen: unicodeLabel.includes('-'),
    is_idn: isIdn && asciiName.split('.').some((l) => l.startsWith('xn--')),
  };
}
