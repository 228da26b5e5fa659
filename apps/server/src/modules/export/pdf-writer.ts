/**
 * A real .pdf, streamed page by page with pdfkit: a title, the generation date, a table whose
 * header is repeated on every page, and a page number in each footer.
 */
import { formatDashboardDate } from '@otaku/shared';
import PDFDocument from 'pdfkit';
import type { ExportColumn, ExportRow, ExportSpec } from './export-columns';
import { pdfFonts, type PdfFont } from './pdf-fonts';
import { paced } from './stream-pace';

const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;

export function formatCell(column: ExportColumn, value: ExportRow[string]): string {
  if (value === null || value === undefined || value === '') return '-';
  switch (column.kind) {
    case 'money':
      return `$${Number(value).toFixed(2)}`;
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
  const font = (name: PdfFont) => doc.font(name);
  const tableWidth = doc.page.width - 2 * MARGIN;
  const share = spec.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = spec.columns.map((c) => (c.width / share) * tableWidth);
  let page = 0;
  let y = 0;

  const fit = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  };

  const drawRow = (cells: string[], bold: boolean) => {
    font(bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.text(fit(cell, widths[i]! - 6), x + 3, y + 4, { lineBreak: false });
      x += widths[i]!;
    });
    y += ROW_HEIGHT;
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
      spec.columns.map((c) => c.header),
      true,
    );
  };

  const run = async () => {
    for (const [name, bytes] of await pdfFonts()) doc.registerFont(name, bytes);
    startPage();
    let rows = 0;
    for await (const batch of batches) {
      if (doc.destroyed) return;
      for (const data of batch) {
        if (y + ROW_HEIGHT > doc.page.height - MARGIN) startPage();
        drawRow(
          spec.columns.map((c) => formatCell(c, data[c.key] ?? null)),
          false,
        );
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
