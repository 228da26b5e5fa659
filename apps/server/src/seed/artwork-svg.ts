/**
 * The SVG of a generated product card: a gradient in the product's own colour, manga speed
 * rays and halftone dots, the category motif, a price tag, an optional badge (volumes) and the
 * title in large type. Everything is derived from the spec, so the same product always gets
 * the same picture.
 */
import { motifFor, star, type MotifColors } from './artwork-motifs';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from '../modules/media/product-images';

export interface ArtworkSpec {
  productId: string;
  name: string;
  category: string;
  /** Comic genre, merch type or toy type slug: picks the motif. */
  typeSlug?: string | undefined;
  /** Shown above the title, e.g. "Comics · Action". */
  caption: string;
  priceCents: number;
  /** A small label such as "Vol. 1–6". */
  badge?: string | undefined;
}

/** Drawn in a 600x800 box and rasterised straight at the largest stored size. */
export const ARTWORK_VIEWBOX = { width: 600, height: 800 };

/** FNV-1a: a stable number per product for its colour and decoration. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  // Final avalanche (from murmur3) so ids that differ in one character get unrelated colours.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

/**
 * Splits the title into lines, choosing the largest type that fits three lines in the panel.
 * Widths are estimated (about 0.68 em per bold sans-serif character, generous for DejaVu and
 * Liberation) since SVG cannot measure text.
 */
export function layoutTitle(title: string): { size: number; lines: string[] } {
  const words = title.split(/\s+/).filter(Boolean);
  for (const size of [60, 54, 48, 42, 38, 34]) {
    const maxChars = Math.floor(505 / (size * 0.68));
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && `${last} ${word}`.length <= maxChars)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    const fits = lines.every((l) => l.length <= maxChars);
    if (fits && lines.length * size * 1.08 <= 150) return { size, lines };
  }
  return { size: 34, lines: [title.slice(0, 24), title.slice(24, 48), title.slice(48, 72)] };
}

/**
 * Halftone dots fading out from a point, as explicit circles: librsvg renders a pattern fill
 * several times slower than a few hundred plain circles.
 */
function halftone(ox: number, oy: number, radius: number, step = 18): string {
  const dots: string[] = [];
  for (let x = ox % step; x <= 600; x += step)
    for (let y = oy % step; y <= 800; y += step) {
      const r = 5 * (1 - Math.hypot(x - ox, y - oy) / radius);
      if (r > 0.8) dots.push(`<circle cx="${x}" cy="${y}" r="${r.toFixed(1)}"/>`);
    }
  return dots.join('');
}

function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.22;
  return `<path d="M${x},${y - r} Q${x + k},${y - k} ${x + r},${y} Q${x + k},${y + k} ${x},${y + r} Q${x - k},${y + k} ${x - r},${y} Q${x - k},${y - k} ${x},${y - r} Z" fill="${fill}"/>`;
}

export function renderArtworkSvg(spec: ArtworkSpec): string {
  const hash = hashOf(spec.productId);
  const hue = hash % 360;
  const colors: MotifColors = {
    paper: '#fff8ec',
    ink: '#1d1233',
    accent: `hsl(${(hue + 160) % 360}, 80%, 62%)`,
    accent2: `hsl(${(hue + 60) % 360}, 95%, 68%)`,
    emblem: hash >>> 9,
  };
  const { width, height } = ARTWORK_VIEWBOX;
  const [cx, cy] = [300, 335];
  const rays = Array.from({ length: 16 }, (_, i) => {
    const a = (Math.PI / 8) * i + (hash % 7) / 10;
    const p = (angle: number) =>
      `${(cx + 900 * Math.cos(angle)).toFixed(0)},${(cy + 900 * Math.sin(angle)).toFixed(0)}`;
    return `<polygon points="${cx},${cy} ${p(a)} ${p(a + Math.PI / 16)}"/>`;
  }).join('');
  const sparkles = [
    [70, 150, 16],
    [540, 250, 12],
    [85, 440, 11],
    [520, 470, 18],
    [470, 170, 8],
  ]
    .map(([x, y, r], i) => sparkle(x! + ((hash >> i) % 17), y!, r!, colors.paper))
    .join('');
  const title = layoutTitle(spec.name);
  // Centre the title block in the panel below the caption (baseline ≈ 0.85 em below the top).
  const block = title.lines.length * title.size * 1.08;
  const titleTop = 624 + (143 - block) / 2 + title.size * 0.85;
  const titleLines = title.lines
    .map(
      (l, i) =>
        `<text x="52" y="${(titleTop + i * title.size * 1.08).toFixed(0)}" font-size="${title.size}">${escapeXml(l)}</text>`,
    )
    .join('');
  const price = `$${(spec.priceCents / 100).toFixed(2)}`;
  const badge = spec.badge
    ? `<g transform="translate(36,512)"><rect width="${40 + spec.badge.length * 15}" height="44" rx="22" fill="${colors.paper}" stroke="${colors.ink}" stroke-width="4"/><text x="${20 + spec.badge.length * 7.5}" y="31" text-anchor="middle" font-size="22" font-weight="800" fill="${colors.ink}">${escapeXml(spec.badge)}</text></g>`
    : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_IMAGE_WIDTH}" height="${PRODUCT_IMAGE_HEIGHT}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 78%, 60%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 70%, 30%)"/>
  </linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<g fill="#ffffff" opacity="0.09">${rays}</g>
<g fill="#ffffff" opacity="0.28">${halftone(600, 0, 260)}${halftone(0, 560, 220)}</g>
<circle cx="${cx}" cy="${cy}" r="190" fill="#ffffff" opacity="0.16"/>
${sparkles}
<g transform="translate(${cx},${cy}) scale(0.92)">${motifFor(spec.category, spec.typeSlug)(colors)}</g>
<text x="36" y="58" font-size="22" font-weight="800" letter-spacing="5" fill="#ffffff" opacity="0.92">OTAKU SHELF</text>
<g transform="translate(436,34) rotate(8)">
  <path d="M0,0 H126 a12,12 0 0 1 12,12 V62 a12,12 0 0 1 -12,12 H0 L-26,37 Z" fill="${colors.paper}" stroke="${colors.ink}" stroke-width="4"/>
  <circle cx="-8" cy="37" r="6" fill="${colors.ink}"/>
  <text x="67" y="47" text-anchor="middle" font-size="${price.length > 6 ? 24 : 28}" font-weight="800" fill="${colors.ink}">${price}</text>
</g>
${badge}
<rect x="24" y="572" width="552" height="204" rx="24" fill="${colors.ink}" opacity="0.86"/>
<rect x="24" y="596" width="10" height="156" fill="${colors.accent2}"/>
${star(556, 600, 14, colors.accent2)}
<text x="52" y="610" font-size="20" font-weight="700" letter-spacing="3" fill="${colors.accent2}">${escapeXml(spec.caption.toUpperCase())}</text>
<g font-weight="800" fill="#ffffff">${titleLines}</g>
</svg>`;
}
