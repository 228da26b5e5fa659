/**
 * The typefaces of PDF exports (decision 102). Noto Sans JP (SIL Open Font License) sets
 * Latin text and Japanese (kana and kanji) alike, so a product, a customer or a coupon named
 * in Japanese reads in the PDF as it does in the shop; pdfkit's built-in Helvetica knows
 * Latin-1 only. Scripts Noto Sans JP lacks each have a Noto face of their own, read only when
 * a document has text in them: Hangul, Thai, Arabic, Hebrew, and emoji (Noto Emoji, drawn in
 * outline). pdfkit embeds only the glyphs a document uses.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type PdfWeight = 'regular' | 'bold';

interface FaceFiles {
  /** The npm package that ships the face's files. */
  package: string;
  files: Record<PdfWeight, [folder: string, file: string]>;
}

/** A face's files under the expo-google-fonts layout: `<weight>/<Family>_<weight>.ttf`. */
const googleFont = (family: string, name: string): FaceFiles => ({
  package: `@expo-google-fonts/${family}`,
  files: {
    regular: ['400Regular', `${name}_400Regular.ttf`],
    bold: ['700Bold', `${name}_700Bold.ttf`],
  },
});

const FACES = {
  jp: googleFont('noto-sans-jp', 'NotoSansJP'),
  kr: googleFont('noto-sans-kr', 'NotoSansKR'),
  thai: googleFont('noto-sans-thai', 'NotoSansThai'),
  arabic: googleFont('noto-sans-arabic', 'NotoSansArabic'),
  hebrew: googleFont('noto-sans-hebrew', 'NotoSansHebrew'),
  emoji: googleFont('noto-emoji', 'NotoEmoji'),
} satisfies Record<string, FaceFiles>;
export type PdfFace = keyof typeof FACES;

/** The face of everything no other face claims. */
export const MAIN_FACE: PdfFace = 'jp';

/** The name a document registers a face's weight under. */
export const fontName = (face: PdfFace, weight: PdfWeight) => `${face}-${weight}`;

const loading = new Map<PdfFace, Promise<Array<[PdfWeight, Buffer]>>>();

/**
 * A face's font files' bytes, by weight: read from disk by the first document that needs the
 * face and kept (Noto Sans JP ~11 MB, Noto Sans KR ~12 MB, the others under 2 MB), so later
 * exports neither read them again nor block the event loop on pdfkit's own synchronous read
 * of a path. A failed read is tried again next time.
 */
export function pdfFaceFiles(face: PdfFace): Promise<Array<[PdfWeight, Buffer]>> {
  let files = loading.get(face);
  if (!files) {
    files = (async () => {
      const { package: name, files: byWeight } = FACES[face];
      const require = createRequire(import.meta.url);
      const packageDir = path.dirname(require.resolve(`${name}/package.json`));
      return Promise.all(
        (Object.keys(byWeight) as PdfWeight[]).map(async (weight): Promise<[PdfWeight, Buffer]> => [
          weight,
          await readFile(path.join(packageDir, ...byWeight[weight])),
        ]),
      );
    })().catch((error: unknown) => {
      loading.delete(face);
      throw error;
    });
    loading.set(face, files);
  }
  return files;
}

/** The faces other than the main one, by the characters they set. */
const OTHER_FACES: Array<[PdfFace, RegExp]> = [
  ['kr', /\p{Script=Hangul}/u],
  ['thai', /\p{Script=Thai}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  // Pictographs drawn as emoji by default; the others (★, ©, ™) are in Noto Sans JP.
  ['emoji', /\p{Emoji_Presentation}/u],
];
/** Whether a text needs more than the main face (VS16: a pictograph asked to be an emoji). */
const ANY_OTHER = new RegExp(
  [...OTHER_FACES.map(([, chars]) => chars.source), '\\ufe0f'].join('|'),
  'u',
);
/** Marks and joiners that belong to the character before them (accents, ZWJ, VS16). */
const ATTACHED = /\p{Mn}|\p{Me}|\u200d|\ufe0f/u;
const SPACE = /\s/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const RIGHT_TO_LEFT = new Set<PdfFace>(['arabic', 'hebrew']);

export interface TextRun {
  text: string;
  face: PdfFace;
}

/**
 * `text` cut into runs of one face each, in reading order. A mark or joiner stays with the
 * character it belongs to (an emoji's VS16 or ZWJ sequence with the emoji), and a space between
 * words of a right-to-left script stays inside their run, so that the run reads as one from
 * right to left. Text in several directions at once is set run by run from left to right
 * (no bidirectional reordering between runs).
 */
export function textRuns(text: string): TextRun[] {
  if (!ANY_OTHER.test(text)) return text ? [{ text, face: MAIN_FACE }] : [];
  const runs: TextRun[] = [];
  let previous: string | undefined;
  for (const char of text) {
    const current = runs.at(-1);
    let face = OTHER_FACES.find(([, chars]) => chars.test(char))?.[0] ?? MAIN_FACE;
    if (current && ATTACHED.test(char)) face = current.face;
    // A pictograph that asks to be an emoji (❤ followed by VS16) joins the emoji face.
    if (
      char === '\ufe0f' &&
      current &&
      current.face !== 'emoji' &&
      previous &&
      PICTOGRAPH.test(previous)
    ) {
      current.text = current.text.slice(0, -previous.length);
      if (!current.text) runs.pop();
      push(runs, previous, 'emoji');
      face = 'emoji';
    }
    if (current && SPACE.test(char) && RIGHT_TO_LEFT.has(current.face)) face = current.face;
    push(runs, char, face);
    previous = char;
  }
  return runs;
}

/**
 * A run's pieces in the order they are drawn from left to right. pdfkit lays out each word of
 * a text on its own and fontkit sets a right-to-left word's letters from right to left, so a
 * right-to-left run is drawn word by word, its last word first.
 */
export function drawingOrder(run: TextRun): string[] {
  if (!RIGHT_TO_LEFT.has(run.face)) return [run.text];
  return run.text
    .split(/(\s+)/u)
    .filter((piece) => piece !== '')
    .reverse();
}

function push(runs: TextRun[], char: string, face: PdfFace) {
  const last = runs.at(-1);
  if (last?.face === face) last.text += char;
  else runs.push({ text: char, face });
}
