/**
 * A real .pdf, streamed page by page with pdfkit: a title, the generation date, a table whose
 * header is repeated on every page, and a page number in each footer. A cell's text wraps
 * within its column, the row as tall as its longest cell, so nothing is cut short (decision 163).
 */
import { formatDashboardDate, formatDollars } from '@otaku/shared';
import PDFDocument from 'pdfkit';
import {
  NO_VALUE,
  pdfColumns,
  type ExportColumn,
  type ExportRow,
  type ExportSpec,
} from './export-columns';
import {
  drawingOrder,
  fontName,
  MAIN_FACE,
  pdfFaceFiles,
  textRuns,
  type PdfFace,
  type PdfWeight,
} from './pdf-fonts';
import { paced } from './stream-pace';

const MARGIN = 36;
const FONT_SIZE = 8;
const LINE_HEIGHT = 10;
/** Space above a cell's first line and below its last: one line makes a 16 pt row. */
const CELL_PADDING_TOP = 4;
const CELL_PADDING_BOTTOM = 2;
/**
 * Most lines a cell wraps to; a longer text (a comic with a hundred volumes) ends in an
 * ellipsis there, so one row always fits on a page.
 */
export const MAX_CELL_LINES = 12;

export function formatCell(column: ExportColumn, value: ExportRow[string]): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  switch (column.kind) {
    case 'money':
      // As the dashboard writes money: $1,234.50.
      return formatDollars(Number(value));
    case 'date':
      return formatDashboardDate(value as Date | string);
    case 'percent':
      return `${String(value)}%`;
    default:
      return String(value);
  }
}

export function pdfStream(
  spec: ExportSpec,
  batches: AsyncIterable<ExportRow[]>,
  generatedAt: Date,
): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${spec.title} export`, Author: 'Otaku Shelf', CreationDate: generatedAt },
  });
  let fontInUse = '';
  const font = (weight: PdfWeight, face: PdfFace = MAIN_FACE) => {
    const name = fontName(face, weight);
    if (name !== fontInUse) doc.font(name);
    fontInUse = name;
    return doc;
  };
  const columns = pdfColumns(spec);
  const tableWidth = doc.page.width - 2 * MARGIN;
  const share = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width / share) * tableWidth);
  let page = 0;
  let y = 0;

  /** The faces this document has registered: the main one, then each as its text needs it. */
  const registered = new Set<PdfFace>();
  const register = async (faces: Iterable<PdfFace>) => {
    for (const face of faces) {
      if (registered.has(face)) continue;
      for (const [weight, bytes] of await pdfFaceFiles(face))
        doc.registerFont(fontName(face, weight), bytes);
      registered.add(face);
    }
  };

  /** The width of `text` at the current size, each run in its own face. */
  const widthOf = (text: string, weight: PdfWeight) => {
    let width = 0;
    for (const run of textRuns(text)) width += font(weight, run.face).widthOfString(run.text);
    return width;
  };

  /** `text` cut to `width`, by whole characters, with an ellipsis where it was cut. */
  const fit = (text: string, width: number, weight: PdfWeight) => {
    if (widthOf(text, weight) <= width) return text;
    const chars = Array.from(text);
    while (chars.length > 1 && widthOf(`${chars.join('')}…`, weight) > width) chars.pop();
    return `${chars.join('')}…`;
  };

  /** A word wider than `width` split into pieces that fit, by whole characters. */
  const splitWord = (word: string, width: number, weight: PdfWeight) => {
    const pieces: string[] = [];
    let piece = '';
    for (const char of word) {
      if (piece !== '' && widthOf(piece + char, weight) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += char;
    }
    if (piece !== '') pieces.push(piece);
    return pieces;
  };

  /**
   * `text` in lines no wider than `width`, broken between words (a word too long for a line
   * between its characters), at most MAX_CELL_LINES, the last ending in an ellipsis if cut.
   */
  const wrap = (text: string, width: number, weight: PdfWeight): string[] => {
    if (widthOf(text, weight) <= width) return [text];
    const lines: string[] = [];
    const space = widthOf(' ', weight);
    let line = '';
    let lineWidth = 0;
    // Widths add up word by word (kerning across a space is nil), so a long cell is measured once.
    for (const word of text.split(/\s+/u).filter((w) => w !== '')) {
      const wordWidth = widthOf(word, weight);
      const joined = line === '' ? wordWidth : lineWidth + space + wordWidth;
      if (joined <= width) {
        line = line === '' ? word : `${line} ${word}`;
        lineWidth = joined;
        continue;
      }
      if (line !== '') lines.push(line);
      const pieces = wordWidth <= width ? [word] : splitWord(word, width, weight);
      line = pieces.pop() ?? '';
      lineWidth = widthOf(line, weight);
      lines.push(...pieces);
      if (lines.length > MAX_CELL_LINES) break;
    }
    if (line !== '') lines.push(line);
    if (lines.length <= MAX_CELL_LINES) return lines;
    const kept = lines.slice(0, MAX_CELL_LINES);
    kept[MAX_CELL_LINES - 1] = fit(`${kept[MAX_CELL_LINES - 1]!}…`, width, weight);
    return kept;
  };

  /** Writes `text` on one line from (x, y), each run in its own face. */
  const write = (text: string, x: number, top: number, weight: PdfWeight) => {
    let left = x;
    for (const run of textRuns(text)) {
      font(weight, run.face);
      for (const piece of drawingOrder(run)) {
        doc.text(piece, left, top, { lineBreak: false });
        left += doc.widthOfString(piece);
      }
    }
  };

  /** A row's cells as their lines, and the row's height. */
  const layRow = (cells: string[], weight: PdfWeight) => {
    doc.fontSize(FONT_SIZE);
    const lines = cells.map((cell, i) => wrap(cell, widths[i]! - 6, weight));
    const count = Math.max(1, ...lines.map((l) => l.length));
    return { lines, height: CELL_PADDING_TOP + count * LINE_HEIGHT + CELL_PADDING_BOTTOM };
  };

  const drawRow = (cells: string[], bold: boolean) => {
    const weight = bold ? 'bold' : 'regular';
    const row = layRow(cells, weight);
    if (!bold && y + row.height > doc.page.height - MARGIN) startPage();
    doc.fontSize(FONT_SIZE);
    let x = MARGIN;
    row.lines.forEach((lines, i) => {
      lines.forEach((line, n) =>
        write(line, x + 3, y + CELL_PADDING_TOP + n * LINE_HEIGHT, weight),
      );
      x += widths[i]!;
    });
    y += row.height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + tableWidth, y)
      .lineWidth(bold ? 1 : 0.3)
      .strokeColor(bold ? '#333333' : '#bbbbbb')
      .stroke();
  };

  const startPage = () => {
    if (page > 0) doc.addPage();
    page += 1;
    y = MARGIN;
    if (page === 1) {
      font('bold').fontSize(18).fillColor('#111111');
      doc.text(`Otaku Shelf: ${spec.title}`, MARGIN, y, { lineBreak: false });
      y += 24;
      font('regular').fontSize(9).fillColor('#555555');
      doc.text(
        `Generated ${formatDashboardDate(generatedAt)} ${generatedAt.toISOString().slice(11, 16)} UTC`,
        MARGIN,
        y,
        { lineBreak: false },
      );
      y += 20;
    }
    // The footer sits inside the bottom margin; lift the margin so pdfkit adds no page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    font('regular').fontSize(8).fillColor('#555555');
    doc.text(`Page ${page}`, MARGIN, doc.page.height - MARGIN + 12, {
      width: tableWidth,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    doc.fillColor('#111111');
    drawRow(
      columns.map((c) => c.header),
      true,
    );
  };

  const run = async () => {
    await register([MAIN_FACE]);
    startPage();
    let rows = 0;
    for await (const batch of batches) {
      if (doc.destroyed) return;
      const cells = batch.map((data) => columns.map((c) => formatCell(c, data[c.key] ?? null)));
      await register(new Set(cells.flat().flatMap((cell) => textRuns(cell).map((r) => r.face))));
      for (const row of cells) {
        drawRow(row, false);
        rows += 1;
      }
      await paced(doc);
    }
    if (rows === 0) {
      font('regular')
        .fontSize(9)
        .text('No rows.', MARGIN + 3, y + 4, { lineBreak: false });
    }
    doc.end();
  };
  run().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}
