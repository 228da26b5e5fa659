/**
 * A real .xlsx, streamed: ExcelJS's WorkbookWriter commits every row as soon as it is added.
 * Typed cells (numbers, dates) with formats, a bold header row that stays frozen, and an
 * autofilter over the header.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  neutralise,
  NO_VALUE,
  type ExportColumn,
  type ExportRow,
  type ExportSpec,
} from './export-columns';
import { paced } from './stream-pace';

const FORMATS: Partial<Record<ExportColumn['kind'], string>> = {
  money: '"$"#,##0.00',
  date: 'dd-mm-yyyy',
  int: '0',
  percent: '0"%"',
};

function cellValue(column: ExportColumn, value: ExportRow[string]) {
  if (value === null || value === undefined) return column.kind === 'text' ? NO_VALUE : null;
  if (typeof value === 'string') return neutralise(value);
  return value;
}

const columnLetter = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnLetter(Math.floor(index / 26) - 1) + columnLetter(index % 26);

export function xlsxStream(
  spec: ExportSpec,
  batches: AsyncIterable<ExportRow[]>,
  generatedAt: Date,
): PassThrough {
  const out = new PassThrough();
  const run = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Otaku Shelf';
    workbook.created = generatedAt;
    const sheet = workbook.addWorksheet(spec.title, {
      views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
    });
    sheet.columns = spec.columns.map((c) => ({ key: c.key, width: c.width }));
    sheet.autoFilter = `A1:${columnLetter(spec.columns.length - 1)}1`;
    const header = sheet.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const data of batch) {
        const row = sheet.addRow(spec.columns.map((c) => cellValue(c, data[c.key] ?? null)));
        spec.columns.forEach((c, i) => {
          const format = FORMATS[c.kind];
          if (format) row.getCell(i + 1).numFmt = format;
        });
        row.commit();
      }
      await paced(out);
    }
    sheet.commit();
    await workbook.commit();
  };
  run().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
