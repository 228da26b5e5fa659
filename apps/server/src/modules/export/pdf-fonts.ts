/**
 * The typeface of PDF exports: Noto Sans JP (SIL Open Font License), which covers Latin text
 * and Japanese (kana and kanji) alike, so a product, a customer or a coupon named in Japanese
 * reads in the PDF as it does in the shop. pdfkit's built-in Helvetica knows Latin-1 only.
 * pdfkit embeds only the glyphs a document uses.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const FONT_PACKAGE = '@expo-google-fonts/noto-sans-jp';
const packageDir = path.dirname(
  createRequire(import.meta.url).resolve(`${FONT_PACKAGE}/package.json`),
);

/** The font files, by the names the writer registers them under. */
export const PDF_FONTS = {
  regular: path.join(packageDir, '400Regular', 'NotoSansJP_400Regular.ttf'),
  bold: path.join(packageDir, '700Bold', 'NotoSansJP_700Bold.ttf'),
} as const;
export type PdfFont = keyof typeof PDF_FONTS;
