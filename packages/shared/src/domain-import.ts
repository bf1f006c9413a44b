import { domainMessages as dm } from './messages.js';

/**
 * Splitting and checking an imported domain list. Pure functions: the add-domains form uses
 * them to warn before upload and the server uses them to decide.
 */

/** Characters refused in an imported name. Hyphens are legal inside labels (docs/decisions.md, Domains). */
export const REJECTED_DOMAIN_CHARACTERS = [
  '`', '!', '@', '#', '$', '%', '^', '&', '*', '(', ')', '_', '+', '=',
  '[', ']', '{', '}', ';', "'", ':', '"', '\\', '|', '<', '>', '/', '?', '~',
] as const;

const REJECTED = new Set<string>(REJECTED_DOMAIN_CHARACTERS);
const SEPARATORS = /[\s,]+/u;

/** Commas, spaces and line breaks separate names; empty pieces are dropped. */
export function splitDomainList(text: string): string[] {
  return text.split(SEPARATORS).filter((piece) => piece.length > 0);
}

export function hasRejectedCharacter(name: string): boolean {
  for (const ch of name) if (REJECTED.has(ch)) return true;
  return false;
}

export const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/**
 * Lower-case letters, digits, hyphens and dots only (nothing for IDNA to map or encode), ending in
 * a label that starts with a letter (so the URL parser would not read the name as an IPv4 address).
 */
const PLAIN_ASCII = /^[a-z0-9.-]*\.[a-z][a-z0-9-]*$/;

/**
 * The ASCII (punycode) form of a name if it is a syntactically valid domain, else undefined.
 * Uses the WHATWG URL parser for IDNA, which both Node and browsers ship.
 */
export function toAsciiDomain(raw: string): string | undefined {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!name || name.length > MAX_DOMAIN_LENGTH * 4) return undefined;
  let ascii: string;
  if (PLAIN_ASCII.test(name) && !name.includes('xn--')) {
    // Already its own ASCII form: the URL parser would hand it back unchanged, and skipping it
    // makes a 2 MB import's check several times faster. The label checks below still apply.
    ascii = name;
  } else {
    if (hasRejectedCharacter(name)) return undefined;
    try {
      ascii = new URL(`http://${name}/`).hostname;
    } catch {
      return undefined;
    }
  }
  if (ascii.length > MAX_DOMAIN_LENGTH) return undefined;
  const labels = ascii.split('.');
  if (labels.length < 2) return undefined;
  for (const label of labels) {
    if (label.length === 0 || label.length > MAX_LABEL_LENGTH || !LDH_LABEL.test(label)) return undefined;
    // "ab--" in positions 3-4 is reserved for encodings such as punycode's "xn--".
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) return undefined;
  }
  // The top-level label is never all digits (that would be an IP address).
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return undefined;
  return ascii;
}

export interface DomainListCheck {
  /** Normalised ASCII names, first occurrence order, duplicates removed. */
  names: string[];
  /** Pieces refused: a rejected character or not a valid domain name. */
  invalid: string[];
  /** Whether any refused piece had one of the REJECTED_DOMAIN_CHARACTERS. */
  hasSpecialCharacters: boolean;
  /** Whether any refused piece is a bare name without an extension ("example"). */
  missingExtension: boolean;
  /** Whether any refused piece is wrong in another way (an empty label, a bad hyphen...). */
  otherwiseInvalid: boolean;
}

/**
 * What is wrong with the refused names and what to do, one sentence per kind of problem found:
 * special characters (the listed words), a missing extension, anything else.
 */
export function importNamesMessage(check: Pick<DomainListCheck, 'hasSpecialCharacters' | 'missingExtension' | 'otherwiseInvalid'>): string {
  const sentences: string[] = [];
  if (check.hasSpecialCharacters) sentences.push(dm.importSpecialCharacters);
  if (check.missingExtension) sentences.push(dm.importMissingExtension);
  if (check.otherwiseInvalid || sentences.length === 0) sentences.push(dm.importInvalidNames);
  return sentences.join(' ');
}

/**
 * Checks a list a part at a time (`add` each part, then `result`), so a server can let other
 * requests run between parts of a large import; the result is the same as one checkDomainList.
 */
export function createDomainListChecker(): { add(pieces: readonly string[]): void; result(): DomainListCheck } {
  const names: string[] = [];
  const seen = new Set<string>();
  const invalid: string[] = [];
  let hasSpecialCharacters = false;
  let missingExtension = false;
  let otherwiseInvalid = false;
  return {
    add(pieces) {
      for (const piece of pieces) {
        if (hasRejectedCharacter(piece)) {
          hasSpecialCharacters = true;
          invalid.push(piece);
          continue;
        }
        const ascii = toAsciiDomain(piece);
        if (!ascii) {
          if (piece.replace(/\.+$/, '').includes('.')) otherwiseInvalid = true;
          else missingExtension = true;
          invalid.push(piece);
          continue;
        }
        if (!seen.has(ascii)) {
          seen.add(ascii);
          names.push(ascii);
        }
      }
    },
    result: () => ({ names, invalid, hasSpecialCharacters, missingExtension, otherwiseInvalid }),
  };
}

export function checkDomainList(pieces: string[]): DomainListCheck {
  const checker = createDomainListChecker();
  checker.add(pieces);
  return checker.result();
}
