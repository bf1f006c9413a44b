import { describe, expect, it } from 'vitest';
import { domainMessages, MAX_UPLOAD_BYTES } from '@market/shared';
import { checkImport, fileSizeProblem } from './import-check';

function fileOf(content: string, name: string): File {
  return new File([content], name, { type: 'text/plain' });
}

describe('checkImport', () => {
  it('needs text or a file', async () => {
    expect(await checkImport('  \n , ', null)).toEqual({ domain_list: domainMessages.importEmpty });
  });

  it('accepts names separated by commas, spaces and line breaks', async () => {
    expect(await checkImport('alpha.com, beta.net\ngamma-delta.io', null)).toBeNull();
  });

  it('refuses special characters and lists the names', async () => {
    const problems = await checkImport('good.com bad!name.com what?.net', null);
    expect(problems?.domain_list).toBe(domainMessages.importSpecialCharacters);
    expect(problems?.invalid).toEqual(['bad!name.com', 'what?.net']);
  });

  it('refuses names that are not domain names', async () => {
    const problems = await checkImport('good.com -bad.com', null);
    expect(problems?.domain_list).toBe(domainMessages.importInvalidNames);
    expect(problems?.invalid).toEqual(['-bad.com']);
  });

  it('says a name without an extension needs one, not that it has special characters', async () => {
    const problems = await checkImport('good.com nodot', null);
    expect(problems?.domain_list).toBe('A domain name needs its extension: add it, e.g. example.com.');
    expect(problems?.invalid).toEqual(['nodot']);
  });

  it('reads a txt file and checks its lines', async () => {
    const problems = await checkImport('', fileOf('one.com\ntw#o.com\n', 'list.txt'));
    expect(problems?.file).toBe(domainMessages.importSpecialCharacters);
    expect(problems?.invalid).toEqual(['tw#o.com']);
  });

  it('leaves spreadsheets to the server', async () => {
    expect(await checkImport('', fileOf('Domain\nwe!rd.com\n', 'list.csv'))).toBeNull();
  });

  it('refuses other file types', async () => {
    expect((await checkImport('', fileOf('x', 'list.pdf')))?.file).toBe(domainMessages.importUnsupportedFile);
  });

  it('flags a file over 2,097,152 bytes with its name', async () => {
    const big = fileOf('a', 'huge.csv');
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    const exact = fileOf('a', 'exact.csv');
    Object.defineProperty(exact, 'size', { value: MAX_UPLOAD_BYTES });
    expect(fileSizeProblem(big)).toBe(
      'huge.csv is too large, please pick a smaller than 2M. The file is 2.1 MB; the largest file we take is 2 MB. Split the list into smaller files.',
    );
    expect(fileSizeProblem(exact)).toBeUndefined();
    expect((await checkImport('ok.com', big))?.file).toBe(domainMessages.fileTooLarge('huge.csv', MAX_UPLOAD_BYTES + 1));
  });
});
