import { domainMessages, splitDomainList } from '@market/shared';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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
  if (SPREADSHEET.test(file.filename)) return pieces.concat(await readSpreadsheet(file.data, slicer));
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

/** Rows of a spreadsheet split between two pauses. */
const SPREADSHEET_ROWS = 2_000;

/**
 * First non-empty cell of each row of the first sheet, without a title row. The file is parsed
 * in a worker thread (a 2 MB sheet takes seconds of parsing in one call, which would hold up
 * every other request); this thread only splits the cells, a slice at a time.
 */
async function readSpreadsheet(data: Buffer, slicer: { pause(): Promise<void> }): Promise<string[]> {
  const result = await readSpreadsheetCells(data);
  if ('unreadable' in result) throw AppError.fields({ file: [domainMessages.importUnreadableFile] });
  const names: string[] = [];
  for (let start = 0; start < result.cells.length; start += SPREADSHEET_ROWS) {
    const end = Math.min(start + SPREADSHEET_ROWS, result.cells.length);
    for (let index = start; index < end; index += 1) {
      const cell = result.cells[index]!;
      if (!cell) continue;
      if (index === 0 && TITLE_CELL.test(cell)) continue;
      for (const piece of splitDomainList(cell)) names.push(piece);
    }
    await slicer.pause();
  }
  return names;
}

/** What the spreadsheet worker posts back. */
type SpreadsheetResult = { cells: string[] } | { unreadable: true };

/**
 * The worker's code, run as a script of its own: it parses the file it is given and posts back
 * the first non-empty cell (trimmed, or '' for none) of each row of the first sheet. Plain
 * JavaScript, so the same code runs from the compiled server, the bundled one and the sources.
 */
const SPREADSHEET_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { read, utils } = require(workerData.parser);
let workbook;
try {
  workbook = read(workerData.data, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellStyles: false });
} catch {
  workbook = undefined;
}
if (!workbook) {
  parentPort.postMessage({ unreadable: true });
} else {
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  const rows = sheet ? utils.sheet_to_json(sheet, { header: 1, raw: false, blankrows: false, defval: '' }) : [];
  const cells = rows.map((row) => row.map((c) => String(c ?? '').trim()).find((c) => c.length > 0) ?? '');
  parentPort.postMessage({ cells });
}
`;

/** Parses a spreadsheet in a worker thread of its own, which ends with the parse. */
export function readSpreadsheetCells(data: Uint8Array): Promise<SpreadsheetResult> {
  const parser = createRequire(import.meta.url).resolve('@e965/xlsx');
  return new Promise<SpreadsheetResult>((resolve, reject) => {
    const worker = new Worker(SPREADSHEET_WORKER, { eval: true, workerData: { parser, data } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`spreadsheet worker exited with code ${code}`)));
  });
}
