/**
 * The username of an account made by Google sign-in (decision 033): the name the provider
 * sends, made into one the sign-up form would take (decision 120). The provider's text is
 * not ours to refuse, so it is cleaned instead: control and bidi characters removed, line
 * breaks and runs of spaces made one space, cut to the username limit between characters.
 */
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, withoutControlCharacters } from '@otaku/shared';

/** Used when neither the name nor the address leaves three characters. */
const FALLBACK = 'shopper';

const characters = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Code points, as the shared schema counts a username's length. */
const lengthOf = (text: string) => [...text].length;

/**
 * At most USERNAME_MAX_LENGTH code points, cut between characters as people see them, so an
 * emoji or an accented letter is never split in half.
 */
function clamp(text: string): string {
  let kept = '';
  let length = 0;
  for (const { segment } of characters.segment(text)) {
    length += lengthOf(segment);
    if (length > USERNAME_MAX_LENGTH) break;
    kept += segment;
  }
  return kept.trimEnd();
}

const cleaned = (text: string) => clamp(withoutControlCharacters(text).replace(/\s+/g, ' ').trim());

/**
 * The provider's name; when less than three characters of it are left, the address's local
 * part; when that is short too, what is left of either with "-shopper" after it
 * ("Al-shopper"), or "shopper" when nothing is.
 */
export function usernameFor(name: string | undefined, email: string): string {
  const candidates = [cleaned(name ?? ''), cleaned(email.split('@')[0] ?? '')];
  const usable = candidates.find((c) => lengthOf(c) >= USERNAME_MIN_LENGTH);
  if (usable) return usable;
  const short = candidates.find(Boolean);
  return short ? `${short}-${FALLBACK}` : FALLBACK;
}
