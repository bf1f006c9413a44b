import { describe, expect, it } from 'vitest';
import { checkDomainList, createDomainListChecker, hasRejectedCharacter, importNamesMessage, MAX_DOMAIN_LENGTH, toAsciiDomain } from './domain-import.js';
import { domainMessages as dm } from './messages.js';

/** toAsciiDomain as it was before plain names skipped the URL parser: every name through it. */
function throughUrlParser(raw: string): string | undefined {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!name || name.length > MAX_DOMAIN_LENGTH * 4 || hasRejectedCharacter(name)) return undefined;
  let ascii: string;
  try {
    ascii = new URL(`http://${name}/`).hostname;
  } catch {
    return undefined;
  }
  if (ascii.length > MAX_DOMAIN_LENGTH) return undefined;
  const labels = ascii.split('.');
  if (labels.length < 2) return undefined;
  for (const label of labels) {
    if (label.length === 0 || label.length > 63 || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label)) return undefined;
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) return undefined;
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return undefined;
  return ascii;
}

/** Deterministic pseudo-random strings over the characters that matter here. */
function randomNames(count: number): string[] {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const alphabet = 'abcxyz0189-.AZ';
  const endings = ['.com', '.co.uk', '.1', '.0x1f', '.', '..com', '-.com', '', '.xn--p1ai', '.c0m'];
  return Array.from({ length: count }, () => {
    let s = '';
    const n = 1 + Math.floor(next() * 12);
    for (let i = 0; i < n; i += 1) s += alphabet[Math.floor(next() * alphabet.length)];
    return s + endings[Math.floor(next() * endings.length)];
  });
}

describe('toAsciiDomain', () => {
  const tricky = [
    'bakotu.com', 'Bakotu.COM', 'bakotu.com.', ' bakotu.com ', 'ba-kotu.com', '-bakotu.com', 'bakotu-.com', 'ba--kotu.com',
    'xn--mnchen-3ya.de', 'xn--bad.com', 'münchen.de', '1.2.3.4', '1.2.3.0x4', 'abc.0x1f', 'abc.123', 'abc.c0m', 'a..com',
    '.com', 'com', 'a.b', `${'a'.repeat(63)}.com`, `${'a'.repeat(64)}.com`, `${'abc.'.repeat(63)}com`, 'sub.shop.co.uk',
  ];

  it('gives every name the answer the URL parser gives, plain or not', () => {
    for (const name of [...tricky, ...randomNames(5_000)]) expect([name, toAsciiDomain(name)]).toEqual([name, throughUrlParser(name)]);
  });
});

describe('createDomainListChecker', () => {
  it('checked a part at a time, gives the same result as the whole list at once', () => {
    const pieces = [...randomNames(3_000), 'bad$name.com', 'dup.com', 'DUP.com'];
    const checker = createDomainListChecker();
    for (let i = 0; i < pieces.length; i += 7) checker.add(pieces.slice(i, i + 7));
    expect(checker.result()).toEqual(checkDomainList(pieces));
    expect(checker.result().hasSpecialCharacters).toBe(true);
  });
});

describe('importNamesMessage', () => {
  const messageFor = (...pieces: string[]) => importNamesMessage(checkDomainList(pieces));

  it('says a name without an extension needs one, not that it has special characters', () => {
    expect(messageFor('ok.com', 'example')).toBe(dm.importMissingExtension);
    expect(dm.importMissingExtension).toBe('A domain name needs its extension: add it, e.g. example.com.');
  });

  it('names each kind of problem found, the listed words for special characters first', () => {
    expect(messageFor('bad$name.com')).toBe(dm.importSpecialCharacters);
    expect(messageFor('bad$name.com', 'example')).toBe(`${dm.importSpecialCharacters} ${dm.importMissingExtension}`);
    expect(messageFor('-bad.com')).toBe(dm.importInvalidNames);
    expect(messageFor('example.', 'a..com')).toBe(`${dm.importMissingExtension} ${dm.importInvalidNames}`);
  });
});
