import { domainMessages, splitDomainList } from '@market/shared';
import type * as XLSX from '@e965/xlsx';
import { AppError } from '../../errors.js';

export interface ImportFile {
  filename: string;
  data: Buffer;
}

const SPREADSHEET = /\.(csv|xls|xlsx)$/i;
const TEXT = /\.txt$/i;
// Registrar exports start with a title row such as "Domain" or "Domain Name".
const TITLE_CELL = /^(domains?|domain[ _-]?names?|names?|urls?|websites?|hostnames?)$/i;

/** Characters of text split between two pauses. */
const SPLIT_CHUNK = 64 * 1024;

/**
 * The raw pieces of an import: pasted text plus the file's names, not yet checked. Long text is
 * split a part at a time, pausing between parts (see createTimeSlicer).
 */
export async function readImportPieces(
  text: string | undefined,
  file: ImportFile | undefined,
  slicer: { pause(): Promise<void> } = { pause: async () => undefined },
): Promise<string[]> {
  const pieces = text ? await splitSliced(text, slicer) : [];
  if (!file) return pieces;
  if (TEXT.test(file.filename)) return pieces.concat(await readText(file.data, slicer));
  if (SPREADSHEET.test(file.filename)) return pieces.concat(await readSpreadsheet(file.data));
  throw AppError.fields({ file: [domainMessages.importUnsupportedFile] });
}

async function readText(data: Buffer, slicer: { pause(): Promise<void> }): Promise<string[]> {
  // A text file with NUL bytes is not text: its pieces would only be garbage names.
  if (data.includes(0)) throw AppError.fields({ file: [domainMessages.importUnreadableFile] });
  return splitSliced(data.toString('utf8').replace(/^\uFEFF/, ''), slicer);
}

/** splitDomainList over parts of the text that end at a line break, so no name is cut in two. */
async function splitSliced(text: string, slicer: { pause(): Promise<void> }): Promise<string[]> {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = start + SPLIT_CHUNK;
    if (end < text.length) {
      const lineBreak = text.indexOf('\n', end);
      end = lineBreak === -1 ? text.length : lineBreak + 1;
    }
    for (const piece of splitDomainList(text.slice(start, end))) pieces.push(piece);
    start = end;
    await slicer.pause();
  }
  return pieces;
}

/**
 * First non-empty cell of each row of the first sheet, without a title row. The spreadsheet
 * parser loads on the first spreadsheet import, not with the server.
 */
async function readSpreadsheet(data: Buffer): Promise<string[]> {
  const { read, utils } = await import('@e965/xlsx');
  let workbook: XLSX.WorkBook;
  try {
    workbook = read(data, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch {
    throw AppError.fields({ file: [domainMessages.importUnreadableFile] });
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet) return [];
  const rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: false, defval: '' });
  const names: string[] = [];
  rows.forEach((row, index) => {
    const cell = row.map((c) => String(c ?? '').trim()).find((c) => c.length > 0);
    if (!cell) return;
    if (index === 0 && TITLE_CELL.test(cell)) return;
    names.push(...splitDomainList(cell));
  });
  return names;
}
