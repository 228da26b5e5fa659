import { describe, expect, it } from 'vitest';
import { oneSlipApart, Vocabulary, wordsOf } from './spelling';

describe('oneSlipApart', () => {
  it.each([
    ['drgon', 'dragon', true], // a letter missing
    ['dragoon', 'dragon', true], // a letter too many
    ['drafon', 'dragon', true], // a wrong letter
    ['dargon', 'dragon', true], // two letters swapped
    ['dragno', 'dragon', true], // the last two swapped
    ['drgon', 'drama', false],
    ['dragon', 'dragon', false], // the same word is no slip
    ['drgn', 'dragon', false], // two letters missing
    ['ragonx', 'dragon', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(oneSlipApart(a, b)).toBe(expected);
    expect(oneSlipApart(b, a)).toBe(expected);
  });
});

describe('Vocabulary', () => {
  const vocabulary = Vocabulary.of([
    'My Roommate Is a Dragon',
    'Dragon Ball Vol. 1',
    'Kaiju King Vinyl Figure',
    'Retro Arcade Kaiju Tee',
    'Naruto Vol. 1',
    'Dragoon Drama CD',
    'Pokémon Plush',
  ]);

  it('splits names into lower-case words of letters and digits', () => {
    expect(wordsOf('Kaiju King: Vol.2 (Pokémon)')).toEqual([
      'kaiju',
      'king',
      'vol',
      '2',
      'pokémon',
    ]);
  });

  it('corrects a word one slip from the names, most used first', () => {
    expect(vocabulary.corrections('kaju')).toEqual(['kaiju']);
    expect(vocabulary.corrections('narto')).toEqual(['naruto']);
    expect(vocabulary.corrections('pokemon')).toEqual(['pokémon']);
    // "dragon" is in two names, "dragoon" in one.
    expect(vocabulary.corrections('dragoo')).toEqual(['dragon', 'dragoon']);
  });

  it('leaves alone a word of the names, a short word and a word nothing is close to', () => {
    expect(vocabulary.corrections('dragon')).toEqual([]);
    expect(vocabulary.corrections('tea')).toEqual([]);
    expect(vocabulary.corrections('qwerty')).toEqual([]);
  });

  it('reads a query of several words with each misspelt one corrected', () => {
    expect(vocabulary.readings('drgon')).toEqual(['dragon']);
    expect(vocabulary.readings('kaju king')).toEqual(['kaiju king']);
    expect(vocabulary.readings('kaiju king')).toEqual([]);
  });
});
