import { describe, expect, it } from 'vitest';
import { bareExtension } from './domains.js';

describe('bareExtension', () => {
  it.each([
    ['com', 'com'],
    ['.com', 'com'],
    [' NET ', 'net'],
    ['co.uk', 'co.uk'],
    ['.co.uk', 'co.uk'],
  ])('reads %j as the extension %j', (text, extension) => {
    expect(bareExtension(text)).toBe(extension);
  });

  it.each(['atlas', 'comet', 'shop.co.uk', 'com.', '', 'example.com', 'museum'])('leaves %j to the label search', (text) => {
    expect(bareExtension(text)).toBeUndefined();
  });
});
