/**
 * The helper text colours of the theme (index.css) against the backgrounds they are used on:
 * WCAG 2.2 AA asks 4.5:1 for text of normal size (1.4.3).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(import.meta.dirname, 'index.css'), 'utf8');

const colour = (name: string): string => {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(css);
  if (!match) throw new Error(`--color-${name} is not in index.css`);
  return match[1]!;
};

/** Relative luminance (WCAG 2.2, "relative luminance"). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('the theme', () => {
  it.each(['ink-400', 'ink-500', 'ink-700', 'ink-900'])(
    '%s text reads at 4.5:1 or more on white, the page and the lightest panel',
    (text) => {
      for (const background of ['#ffffff', colour('paper'), colour('ink-50')])
        expect(
          contrast(colour(text), background),
          `${text} on ${background}`,
        ).toBeGreaterThanOrEqual(4.5);
    },
  );
});
