/**
 * The helper text colours of the theme (index.css) against the backgrounds they are used on:
 * WCAG 2.2 AA asks 4.5:1 for text of normal size (1.4.3). Also the toasts' text colours against
 * the backgrounds the toast library ships.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HERO_TILES } from './features/home/components/hero-banner';

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

/** The light theme's variables the toast library (sonner) sets on its toaster, as it ships them. */
function sonnerLightTheme(): Record<string, string> {
  const source = readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
  const block = /\[data-sonner-toaster\]\[data-sonner-theme=light\]\{(--normal-bg[^}]*)\}/.exec(
    source,
  );
  if (!block) throw new Error("sonner's light theme is not where it was");
  return Object.fromEntries(
    block[1]!.split(';').map((declaration) => declaration.split(':').map((p) => p.trim())),
  );
}

/** hsl(h, s%, l%) as #rrggbb. */
function hslToHex(hsl: string): string {
  const [h, s, l] = /hsl\(([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%\)/.exec(hsl)!.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

describe('the toasts', () => {
  const ours = /:root \[data-sonner-toaster\]\[data-sonner-theme='light'\] \{([^}]*)\}/.exec(css);
  const theirs = sonnerLightTheme();

  it.each(['success', 'info', 'warning', 'error'])(
    'a %s toast reads at 4.5:1 or more on its background',
    (type) => {
      const text = new RegExp(`--${type}-text:\\s*(#[0-9a-f]{6});`, 'i').exec(ours?.[1] ?? '');
      expect(text, `--${type}-text in index.css`).not.toBeNull();
      const background = hslToHex(theirs[`--${type}-bg`]!);
      expect(
        contrast(text![1]!, background),
        `${text![1]} on ${background}`,
      ).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("measures sonner's own colours as the accessibility check did", () => {
    // The check that found them: success #008a2e on #ecfdf3, error #e60000 on #fff0f0.
    expect(hslToHex(theirs['--success-text']!)).toBe('#008a2e');
    expect(hslToHex(theirs['--success-bg']!)).toBe('#ecfdf3');
    expect(hslToHex(theirs['--error-text']!)).toBe('#e60000');
    expect(contrast('#008a2e', '#ecfdf3')).toBeLessThan(4.5);
  });
});

describe("the home hero's category tiles", () => {
  // Bold 24 px labels are large text: 3:1 (WCAG 1.4.3).
  it.each(HERO_TILES.map((tile) => [tile.label, tile] as const))(
    '%s reads at 3:1 or more against every stop of its gradient',
    (_label, { tone, text }) => {
      const ink = text === 'text-white' ? '#ffffff' : colour(/^text-(.+)$/.exec(text)![1]!);
      const stops = [...tone.matchAll(/\b(?:from|via|to)-([a-z]+-\d+)\b/g)].map((m) => m[1]!);
      expect(stops).toHaveLength(2);
      for (const stop of stops)
        expect(contrast(ink, colour(stop)), `${text} on ${stop}`).toBeGreaterThanOrEqual(3);
    },
  );
});
