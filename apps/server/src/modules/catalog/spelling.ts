/**
 * Spelling help for product search: the words of the catalog's product names, and for a
 * query word that is none of them, the names' words one slip away (a letter missing, extra,
 * wrong, or two letters swapped). Trigram similarity (search-sql.ts) finds "narto" for
 * "naruto", but in a short word one slip breaks most of its trigrams: "drgon" shares more with
 * "drama" than with "dragon", and "kaju" too little with "kaiju" to match at all.
 *
 * Lookups use the deletions of each word (every word with one letter left out), so a
 * correction costs a few map reads however large the catalog, not a comparison with every word.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed';

/** Shorter words have too many neighbours one slip away to guess which was meant. */
export const MIN_CORRECTED_LENGTH = 4;
/** The corrections tried for one query word, closest and most common first. */
export const MAX_CORRECTIONS = 3;

/** The words of a text as search_text holds them: lower case, letters and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A word's letters: the string itself, whose indexes are its letters, unless it holds a letter
 * outside the Basic Multilingual Plane (two UTF-16 units), which only an array keeps whole.
 */
type Letters = string | string[];
const lettersOf = (word: string): Letters => (/[\uD800-\uDFFF]/.test(word) ? [...word] : word);
const from = (letters: Letters, start: number, end?: number): string =>
  typeof letters === 'string' ? letters.slice(start, end) : letters.slice(start, end).join('');

/** `word` with each one of its letters left out in turn. */
function deletions(word: string): string[] {
  const letters = lettersOf(word);
  const out: string[] = [];
  for (let i = 0; i < letters.length; i++) out.push(from(letters, 0, i) + from(letters, i + 1));
  return out;
}

/** Whether two different words are one slip apart (optimal string alignment distance 1). */
export function oneSlipApart(a: string, b: string): boolean {
  const x = lettersOf(a);
  const y = lettersOf(b);
  if (Math.abs(x.length - y.length) > 1 || a === b) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (x.length === y.length)
    return (
      from(x, i + 1) === from(y, i + 1) ||
      (x[i] === y[i + 1] && x[i + 1] === y[i] && from(x, i + 2) === from(y, i + 2))
    );
  return x.length > y.length ? from(x, i + 1) === from(y, i) : from(x, i) === from(y, i + 1);
}

/** Names or words added between two turns of the event loop while a vocabulary is built. */
const WORDS_PER_TURN = 1_000;

export class Vocabulary {
  /** Each word and how many names use it. */
  readonly #uses = new Map<string, number>();
  /** A word with one letter left out -> the words it comes from. */
  readonly #byDeletion = new Map<string, string[]>();

  private constructor() {}

  /** The vocabulary of `names`, built at once (a few names: tests, a small shop). */
  static of(names: Iterable<string>): Vocabulary {
    const vocabulary = new Vocabulary();
    for (const _ of vocabulary.#fill(names));
    return vocabulary;
  }

  /**
   * The vocabulary of `names`, built a thousand words at a time so that requests keep being
   * answered in between: tens of thousands of distinct words take a few hundred milliseconds.
   */
  static async build(names: Iterable<string>): Promise<Vocabulary> {
    const vocabulary = new Vocabulary();
    for (const _ of vocabulary.#fill(names)) await new Promise((resolve) => setImmediate(resolve));
    return vocabulary;
  }

  /** Adds the names' words, pausing (yielding) after every WORDS_PER_TURN names or words. */
  *#fill(names: Iterable<string>): Generator<void> {
    let done = 0;
    for (const name of names) {
      for (const word of new Set(wordsOf(name)))
        this.#uses.set(word, (this.#uses.get(word) ?? 0) + 1);
      if (++done % WORDS_PER_TURN === 0) yield;
    }
    for (const word of this.#uses.keys()) {
      if (lettersOf(word).length < MIN_CORRECTED_LENGTH) continue;
      for (const key of new Set(deletions(word))) {
        const words = this.#byDeletion.get(key);
        if (words) words.push(word);
        else this.#byDeletion.set(key, [word]);
      }
      if (++done % WORDS_PER_TURN === 0) yield;
    }
  }

  get size() {
    return this.#uses.size;
  }

  /**
   * The catalog's words one slip away from `word`, most used first; none when `word` is
   * itself one of them or too short to guess.
   */
  corrections(word: string): string[] {
    if (lettersOf(word).length < MIN_CORRECTED_LENGTH || this.#uses.has(word)) return [];
    const found = new Set<string>();
    // A letter too many in the query: one of its deletions is the word.
    for (const key of deletions(word)) if (this.#uses.has(key)) found.add(key);
    // A letter missing (the word's deletion is the query), wrong or swapped (both lose one).
    for (const key of [word, ...deletions(word)])
      for (const candidate of this.#byDeletion.get(key) ?? [])
        if (oneSlipApart(word, candidate)) found.add(candidate);
    return [...found]
      .sort((a, b) => this.#uses.get(b)! - this.#uses.get(a)! || a.localeCompare(b))
      .slice(0, MAX_CORRECTIONS);
  }

  /**
   * Other readings of a (normalised) query with its misspelt words corrected: for one word,
   * each of its corrections; for several, the query with each corrected to its best guess.
   */
  readings(query: string): string[] {
    const words = query.split(' ');
    if (words.length === 1) return this.corrections(query);
    let changed = false;
    const corrected = words.map((word) => {
      const [best] = this.corrections(word);
      if (best) changed = true;
      return best ?? word;
    });
    return changed ? [corrected.join(' ')] : [];
  }
}

/**
 * How often the vocabulary is read again, if the catalog changed meanwhile. Seldom: new names
 * are rare, and this read is background work amid the requests whose statements are counted.
 */
export const VOCABULARY_REFRESH_MS = 5 * 60_000;

/**
 * The vocabulary of the catalog: read when the server starts, then again at most every
 * VOCABULARY_REFRESH_MS while the catalog keeps changing (a cart's stock moves do not count;
 * other stock changes do, as the feed cannot tell them apart; reading the names is cheap). A
 * misspelt word of a product added in the last few minutes may not be corrected yet; the
 * search itself always reads the catalog as it is, so it is found as typed or by trigram
 * similarity as before.
 */
export class CatalogVocabulary {
  #current = Vocabulary.of([]);
  #changed = true;
  #timer: NodeJS.Timeout | undefined;
  readonly #stopListening: () => void;

  constructor(
    private readonly readNames: () => Promise<string[]>,
    changes: ChangeFeed,
  ) {
    this.#stopListening = changes.subscribe((stockOf) => {
      // A cart's change of some products' stock leaves every name as it was.
      if (!stockOf) this.#changed = true;
    });
  }

  get current(): Vocabulary {
    return this.#current;
  }

  async refresh(): Promise<void> {
    this.#changed = false;
    try {
      this.#current = await Vocabulary.build(await this.readNames());
    } catch (error) {
      this.#changed = true;
      throw error;
    }
  }

  /** Reads it now, then keeps it current; a failed reading keeps the last one and is logged. */
  async start(log: FastifyBaseLogger): Promise<void> {
    const refresh = () =>
      this.refresh().catch((err: unknown) => log.warn({ err }, 'search vocabulary not read'));
    await refresh();
    this.#timer = setInterval(() => {
      if (this.#changed) void refresh();
    }, VOCABULARY_REFRESH_MS).unref();
  }

  stop() {
    clearInterval(this.#timer);
    this.#stopListening();
  }
}
