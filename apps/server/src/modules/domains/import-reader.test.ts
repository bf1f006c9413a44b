import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.js';
import { readImportPieces, readSpreadsheetCells } from './import-reader.js';

/** An xlsx of `rows` names under a title row, as a registrar export looks. */
function spreadsheet(rows: number): Buffer {
  const data: string[][] = [['Domain']];
  for (let i = 0; i < rows; i += 1) data.push([`sheet-name-${i}.com`]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Domains');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe(`spreadsheet imports (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are parsed off the main thread: /api/health is answered while a large sheet is parsed', async () => {
    const data = spreadsheet(50_000);
    let parsed = false;
    const parsing = readSpreadsheetCells(data).then((result) => {
      parsed = true;
      return result;
    });
    // Only the state is checked, never a duration: a parse on this thread would settle before
    // any request is served, so no answer could arrive while it is still pending.
    let answeredWhileParsing = 0;
    while (!parsed) {
      // A turn of the event loop, where the worker's answer is delivered.
      await new Promise((resolve) => setImmediate(resolve));
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      if (!parsed) answeredWhileParsing += 1;
    }
    expect(answeredWhileParsing).toBeGreaterThan(0);
    const result = await parsing;
    expect('cells' in result && result.cells.length).toBe(50_001);
  });

  it('give the first cell of each row, without the title row', async () => {
    const pieces = await readImportPieces(undefined, { filename: 'names.xlsx', data: spreadsheet(3) });
    expect(pieces).toEqual(['sheet-name-0.com', 'sheet-name-1.com', 'sheet-name-2.com']);
  });
});
