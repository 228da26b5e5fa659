/** Reading exported files back in tests: a workbook's rows by header, a PDF's text by page. */
import { createRequire } from 'node:module';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

/** The first sheet's rows after the header, as objects keyed by the header's names. */
export async function sheetRows(buffer: Buffer): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = sheet.getRow(1).values as unknown[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cells: Record<string, unknown> = {};
    header.forEach((name, i) => (cells[String(name)] = row.getCell(i).value));
    rows.push(cells);
  });
  return rows;
}

/** Each page's text, its pieces joined by single spaces. */
export async function pdfPages(buffer: Buffer): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(buffer),
    standardFontDataUrl: fontDir,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return pages;
}
