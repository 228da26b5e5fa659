/**
 * Search queries as real shoppers type them, each one new, so that no answer is ever kept for
 * them: the catalog's words as they are, with one slip (a letter missing, extra, wrong or two
 * swapped), two words of one product's name (one of them sometimes misspelt), the start of a
 * word as the search box sends it while typing, and words the catalog does not have.
 */

/** What the queries are made of: the catalog's words and some of its product names. */
export interface Vocabulary {
  words: string[];
  names: string[];
}

/** A small deterministic generator (mulberry32), so that two runs ask the same queries. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** `word` with one slip at a random place. */
export function withSlip(word: string, next: () => number): string {
  const at = Math.floor(next() * word.length);
  const letter = LETTERS[Math.floor(next() * LETTERS.length)]!;
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + letter + word.slice(at);
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1);
    default: {
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
    }
  }
}

const wordsOf = (name: string) => name.toLowerCase().match(/[a-z]{3,}/g) ?? [];

/**
 * A function answering a query no earlier call answered: the kinds in turn, each drawn at
 * random, drawn again when it was asked before (a kind that keeps repeating, such as the
 * catalog's exact words once all are used, gives way to a misspelt pair of words).
 */
export function uniqueQueries(vocabulary: Vocabulary, seed = 1): () => string {
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const long = vocabulary.words.filter((w) => w.length >= 4);
  const pairOf = (typo: boolean) => {
    const words = wordsOf(pick(vocabulary.names));
    if (words.length < 2) return pick(long);
    const at = Math.floor(next() * (words.length - 1));
    const [a, b] = [words[at]!, words[at + 1]!];
    return typo && b.length >= 4 ? `${a} ${withSlip(b, next)}` : `${a} ${b}`;
  };
  const kinds: Array<() => string> = [
    () => pick(vocabulary.words),
    () => withSlip(pick(long), next),
    () => pairOf(false),
    () => withSlip(pick(long), next),
    () => pairOf(true),
    () => {
      const word = pick(long);
      return word.slice(0, 3 + Math.floor(next() * (word.length - 3)));
    },
    // Letters no word of the catalog has in a row: found nowhere.
    () => `qx${Array.from({ length: 4 }, () => pick([...LETTERS])).join('')}`,
  ];
  const asked = new Set<string>();
  let turn = 0;
  return () => {
    const kind = kinds[turn++ % kinds.length]!;
    for (let tries = 0; tries < 20; tries++) {
      const query = kind();
      if (query.length >= 2 && !asked.has(query)) {
        asked.add(query);
        return query;
      }
    }
    for (let tries = 0; tries < 100; tries++) {
      const query = pairOf(true);
      if (!asked.has(query)) {
        asked.add(query);
        return query;
      }
    }
    // A small catalog can run out of new queries: letters found nowhere, numbered.
    return `qz${turn.toString(36)}`;
  };
}
