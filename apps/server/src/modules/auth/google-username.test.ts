import { signupRequestSchema, USERNAME_MAX_LENGTH } from '@otaku/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usernameFor } from './google-username';

const usernameRule = signupRequestSchema.shape.username;

describe('usernameFor (Google sign-in)', () => {
  it.each([
    ['Mika Tanaka', 'Mika Tanaka'],
    ['  Mika\u202e Tanaka\u2066 ', 'Mika Tanaka'],
    ['Mika\r\nTanaka\tSan', 'Mika Tanaka San'],
    ['Bell\u0007\u001b[31mRed', 'Bell[31mRed'],
    ['Mika     Tanaka', 'Mika Tanaka'],
    ['A very long display name from Google', 'A very long display'],
    ['Łukasz 李 😀', 'Łukasz 李 😀'],
  ])('cleans the name %j to %j', (name, username) => {
    expect(usernameFor(name, 'someone@example.com')).toBe(username);
  });

  it('counts code points, as the form does, and cuts between characters as people see them', () => {
    expect(usernameFor(`${'a'.repeat(19)}😀`, 'x@example.com')).toBe(`${'a'.repeat(19)}😀`);
    expect(usernameFor(`${'a'.repeat(20)}😀`, 'x@example.com')).toBe('a'.repeat(20));
    expect(usernameFor(`${'a'.repeat(19)}e\u0301`, 'x@example.com')).toBe('a'.repeat(19));
    expect(usernameFor('👩‍👩‍👧‍👦 Family', 'x@example.com')).toBe('👩‍👩‍👧‍👦 Family');
    expect(usernameFor(`${'a'.repeat(15)}👩‍👩‍👧‍👦`, 'x@example.com')).toBe('a'.repeat(15));
  });

  it('falls back to the address, then to "shopper", when too little is left', () => {
    expect(usernameFor(undefined, 'mika.tanaka@example.com')).toBe('mika.tanaka');
    expect(usernameFor('\u202e\u0007\u2066', 'mika.tanaka@example.com')).toBe('mika.tanaka');
    expect(usernameFor(' \n ', 'mika.tanaka@example.com')).toBe('mika.tanaka');
    // One character of 26 code points does not fit: what is left is too short.
    expect(usernameFor(`Al${'e'.padEnd(26, '\u0301')}`, 'mika.tanaka@example.com')).toBe(
      'mika.tanaka',
    );
    expect(usernameFor('¡𐀀', 'mika.tanaka@example.com')).toBe('mika.tanaka');
    expect(usernameFor('Al', 'm@example.com')).toBe('Al-shopper');
    expect(usernameFor('\u0000', 'm@example.com')).toBe('m-shopper');
    expect(usernameFor('\u0000', '\u0001@example.com')).toBe('shopper');
  });

  it('always gives a username the sign-up form would take', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc
        .array(fc.constantFrom('a', ' ', '\n', '\u0000', '\u202e', '\u2067', '😀', 'é', '\u0301'), {
          maxLength: 40,
        })
        .map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(fc.option(text, { nil: undefined }), text, (name, local) => {
        const username = usernameFor(name, `${local}@example.com`);
        expect(usernameRule.safeParse(username).success).toBe(true);
        expect(username).toBe(username.trim());
        expect([...username].length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
        // No half of a surrogate pair left alone (an emoji cut in two).
        expect(username).not.toMatch(/[\uD800-\uDFFF]/u);
      }),
      { numRuns: 2_000 },
    );
  });
});
