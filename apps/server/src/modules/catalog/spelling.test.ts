/**
 * Spelling help as the database gives it (db/functions/search-words.sql, decision 164): which
 * words are one slip apart, and what a query's word may stand for among the catalog's words.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/prepared';
import { useTestApp } from '../../../test/helpers';
import { createCatalogProduct } from '../../../test/catalog-factories';
import { wordsOf } from './spelling';

const t = useTestApp();

async function oneSlipApart(a: string, b: string): Promise<boolean> {
  const result = await t.database.db.execute(sql`select one_slip_apart(${a}, ${b}) as apart`);
  return rowsOf<{ apart: boolean }>(result)[0]!.apart;
}

/** What the word may stand for besides itself, closest and most used first. */
async function corrections(word: string): Promise<string[]> {
  const result = await t.database.db.execute(
    sql`select word from search_word_matches(${word}) where word <> ${word}`,
  );
  return rowsOf<{ word: string }>(result).map((r) => r.word);
}

describe('one_slip_apart', () => {
  it.each([
    ['drgon', 'dragon', true], // a letter missing
    ['dragoon', 'dragon', true], // a letter too many
    ['drafon', 'dragon', true], // a wrong letter
    ['dargon', 'dragon', true], // two letters swapped
    ['dragno', 'dragon', true], // the last two swapped
    ['pokemon', 'pokémon', true], // a letter is a letter, accented or not
    ['drgon', 'drama', false],
    ['dragon', 'dragon', false], // the same word is no slip
    ['drgn', 'dragon', false], // two letters missing
    ['ragonx', 'dragon', false],
  ])('%s and %s: %s', async (a, b, expected) => {
    expect(await oneSlipApart(a, b)).toBe(expected);
    expect(await oneSlipApart(b, a)).toBe(expected);
  });
});

describe('search_word_matches', () => {
  beforeAll(async () => {
    for (const name of [
      'My Roommate Is a Dragon',
      'Dragon Ball Vol. 1',
      'Kaiju King Vinyl Figure',
      'Retro Arcade Kaiju Tee',
      'Naruto Vol. 1',
      'Dragoon Drama CD',
      'Pokémon Plush',
    ])
      await createCatalogProduct(t.database.db, { name, description: 'Boxed.' });
  });

  it('cuts a query into lower-case words of letters and digits, as search_text holds them', () => {
    expect(wordsOf('Kaiju King: Vol.2 (Pokémon)')).toEqual([
      'kaiju',
      'king',
      'vol',
      '2',
      'pokémon',
    ]);
  });

  it('reads a word one slip from the catalog’s words as them, most used first', async () => {
    expect(await corrections('kaju')).toEqual(['kaiju']);
    expect(await corrections('narto')).toEqual(['naruto']);
    expect(await corrections('pokemon')).toEqual(['pokémon']);
    // "dragon" is in two products, "dragoon" in one.
    expect(await corrections('dragoo')).toEqual(['dragon', 'dragoon']);
    expect(await corrections('drgon')).toEqual(['dragon']);
  });

  it('reads a word by trigrams only when none is one slip away', async () => {
    // "dragn" shares trigrams with "dragoon" and "drama" too, but is one slip from "dragon".
    expect(await corrections('dragn')).toEqual(['dragon']);
    // Two letters too many: no word is one slip away, "naruto" is close by trigrams.
    expect(await corrections('narrutto')).toEqual(['naruto']);
  });

  it('leaves alone a word of the catalog, a short word and a word nothing is close to', async () => {
    expect(await corrections('dragon')).toEqual([]);
    expect(await corrections('boxed')).toEqual([]); // a word of a description
    expect(await corrections('tea')).toEqual([]);
    expect(await corrections('qwerty')).toEqual([]);
  });

  it('answers the word itself as its first reading, sure of it', async () => {
    const result = await t.database.db.execute(sql`select * from search_word_matches('kaju')`);
    expect(rowsOf<{ word: string; score: number }>(result)[0]).toEqual({ word: 'kaju', score: 1 });
  });
});
