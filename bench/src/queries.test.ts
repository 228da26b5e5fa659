import { describe, expect, it } from 'vitest';
import { random, uniqueQueries, withSlip } from './queries';

const vocabulary = {
  words: ['crimson', 'gayoki', 'ronin', 'dragon', 'tee', 'limited'],
  names: ['Crimson Gayoki Ronin 3', 'Shadow Dragon Academy 12', 'Tee'],
};

describe('uniqueQueries', () => {
  it('never asks the same query twice, even past what the words allow', () => {
    const next = uniqueQueries(vocabulary);
    const queries = Array.from({ length: 5_000 }, next);
    expect(new Set(queries).size).toBe(queries.length);
    expect(queries.every((q) => q.length >= 2)).toBe(true);
  });

  it('asks exact words, misspelt words, pairs of a name’s words and words found nowhere', () => {
    const queries = Array.from({ length: 14 }, uniqueQueries(vocabulary));
    expect(queries.some((q) => vocabulary.words.includes(q))).toBe(true);
    expect(queries.some((q) => /^[a-z]+ [a-z]+$/.test(q))).toBe(true);
    expect(queries.some((q) => q.startsWith('qx'))).toBe(true);
  });
});

describe('withSlip', () => {
  it('makes a word one slip away', () => {
    const next = random(7);
    for (let i = 0; i < 200; i++) {
      const slipped = withSlip('dragon', next);
      expect(Math.abs(slipped.length - 6)).toBeLessThanOrEqual(1);
    }
  });
});
