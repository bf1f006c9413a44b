import { checkDomainList, domainMessages, importNamesMessage, MAX_UPLOAD_BYTES, splitDomainList } from '@market/shared';

export const IMPORT_FILE_TYPES = ['.txt', '.csv', '.xls', '.xlsx'] as const;
export const IMPORT_FILE_ACCEPT = IMPORT_FILE_TYPES.join(',');

export interface ImportProblems {
  /** Message for the text area. */
  domain_list?: string;
  /** Message for the file choice. */
  file?: string;
  /** Names refused (special characters or not a domain name), as typed. */
  invalid?: string[];
}

/** The file-size rule: over 2 MB (2,097,152 bytes) is refused before upload. */
export function fileSizeProblem(file: File): string | undefined {
  return file.size > MAX_UPLOAD_BYTES ? domainMessages.fileTooLarge(file.name, file.size) : undefined;
}

function fileTypeProblem(file: File): string | undefined {
  const name = file.name.toLowerCase();
  return IMPORT_FILE_TYPES.some((ext) => name.endsWith(ext)) ? undefined : domainMessages.importUnsupportedFile;
}

function isTextFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.txt');
}

function nameProblem(pieces: string[]): { message: string; invalid: string[] } | undefined {
  const check = checkDomainList(pieces);
  if (check.invalid.length === 0) return undefined;
  return {
    message: importNamesMessage(check),
    invalid: check.invalid,
  };
}

/**
 * Everything the browser can check before uploading, with the shared rules the server applies:
 * the size cap, "type or choose something", and the names (the text, and a .txt file's lines;
 * spreadsheets are read by the server, which refuses them the same way). Null when all is well.
 */
export async function checkImport(text: string, file: File | null): Promise<ImportProblems | null> {
  const problems: ImportProblems = {};
  if (file) problems.file = fileSizeProblem(file) ?? fileTypeProblem(file);
  const pieces = splitDomainList(text);
  if (pieces.length === 0 && !file) return { domain_list: domainMessages.importEmpty };

  const invalid: string[] = [];
  const fromText = nameProblem(pieces);
  if (fromText) {
    problems.domain_list = fromText.message;
    invalid.push(...fromText.invalid);
  }
  if (file && !problems.file && isTextFile(file)) {
    const fromFile = nameProblem(splitDomainList((await file.text()).replace(/^\uFEFF/, '')));
    if (fromFile) {
      problems.file = fromFile.message;
      invalid.push(...fromFile.invalid);
    }
  }
  if (invalid.length > 0) problems.invalid = [...new Set(invalid)];
  return problems.domain_list || problems.file ? problems : null;
}
