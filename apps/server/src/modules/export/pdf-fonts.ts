/**
 * The typeface of PDF exports: Noto Sans JP (SIL Open Font License), which covers Latin text
 * and Japanese (kana and kanji) alike, so a product, a customer or a coupon named in Japanese
 * reads in the PDF as it does in the shop. pdfkit's built-in Helvetica knows Latin-1 only.
 * pdfkit embeds only the glyphs a document uses.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const FONT_PACKAGE = '@expo-google-fonts/noto-sans-jp';
const FILES = {
  regular: ['400Regular', 'NotoSansJP_400Regular.ttf'],
  bold: ['700Bold', 'NotoSansJP_700Bold.ttf'],
} as const;
export type PdfFont = keyof typeof FILES;

let loading: Promise<Array<[PdfFont, Buffer]>> | undefined;

/**
 * The font files' bytes, by the names the writer registers them under: read from disk by the
 * first export and kept (~11 MB), so later exports neither read them again nor block the event
 * loop on pdfkit's own synchronous read of a path. A failed read is tried again next time.
 */
export function pdfFonts(): Promise<Array<[PdfFont, Buffer]>> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const packageDir = path.dirname(require.resolve(`${FONT_PACKAGE}/package.json`));
    return Promise.all(
      (Object.keys(FILES) as PdfFont[]).map(async (name): Promise<[PdfFont, Buffer]> => [
        name,
        await readFile(path.join(packageDir, ...FILES[name])),
      ]),
    );
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
