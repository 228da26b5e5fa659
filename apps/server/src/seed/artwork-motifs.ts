/**
 * Category silhouettes for generated artwork, drawn around (0, 0) in a box of about 400x360
 * so the composition can place any of them in the same spot. Shapes are simple flat
 * illustrations with a thick ink outline, the look of a sticker on a product card.
 */
export interface MotifColors {
  paper: string;
  ink: string;
  accent: string;
  accent2: string;
  /** Which emblem prints on shirts, jackets and robots, so same-type products differ. */
  emblem: number;
}

type Motif = (c: MotifColors) => string;

const line = (c: MotifColors, width = 8) =>
  `stroke="${c.ink}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
};

const f = (n: number) => n.toFixed(1);

/** Star, heart, lightning bolt or crescent moon, centred on (x, y) with radius r. */
function emblem(c: MotifColors, x: number, y: number, r: number, fill: string): string {
  switch (c.emblem % 4) {
    case 1:
      return `<path d="M${f(x)},${f(y + r * 0.8)} C${f(x - r * 1.6)},${f(y - r * 0.2)} ${f(x - r * 0.6)},${f(y - r * 1.2)} ${f(x)},${f(y - r * 0.45)} C${f(x + r * 0.6)},${f(y - r * 1.2)} ${f(x + r * 1.6)},${f(y - r * 0.2)} ${f(x)},${f(y + r * 0.8)} Z" fill="${fill}"/>`;
    case 2:
      return `<path d="M${f(x + r * 0.2)},${f(y - r)} L${f(x - r * 0.55)},${f(y + r * 0.15)} L${f(x - r * 0.05)},${f(y + r * 0.15)} L${f(x - r * 0.25)},${f(y + r)} L${f(x + r * 0.6)},${f(y - r * 0.2)} L${f(x + r * 0.08)},${f(y - r * 0.2)} Z" fill="${fill}"/>`;
    case 3:
      return `<path d="M${f(x + r * 0.3)},${f(y - r * 0.9)} A${f(r)},${f(r)} 0 1 0 ${f(x + r * 0.3)},${f(y + r * 0.9)} A${f(r * 0.75)},${f(r * 0.75)} 0 1 1 ${f(x + r * 0.3)},${f(y - r * 0.9)} Z" fill="${fill}"/>`;
    default:
      return star(x, y, r, fill);
  }
}

/** A small picture per comic genre, drawn inside the cover's main panel. */
const genreIcons: Record<string, Motif> = {
  action: (c) =>
    `<path d="M10,-150 L-40,-60 L-5,-60 L-25,10 L45,-90 L8,-90 L30,-150 Z" fill="${c.accent2}" ${line(c, 6)}/>`,
  adventure: (c) =>
    `<path d="M-95,0 L-35,-110 L5,-50 L35,-95 L95,0 Z" fill="${c.accent2}" ${line(c, 6)}/><circle cx="55" cy="-125" r="16" fill="${c.paper}" ${line(c, 5)}/>`,
  comedy: (c) =>
    `<circle cx="0" cy="-70" r="62" fill="${c.accent2}" ${line(c, 6)}/><path d="M-32,-60 Q0,-20 32,-60" fill="none" ${line(c, 6)}/><circle cx="-22" cy="-92" r="7" fill="${c.ink}"/><circle cx="22" cy="-92" r="7" fill="${c.ink}"/>`,
  drama: (c) =>
    `<path d="M0,-10 C-90,-60 -70,-150 0,-115 C70,-150 90,-60 0,-10 Z" fill="${c.accent2}" ${line(c, 6)}/>`,
  fantasy: (c) =>
    `<path d="M0,-150 L45,-75 L0,0 L-45,-75 Z" fill="${c.accent2}" ${line(c, 6)}/><path d="M0,-150 L0,0 M-45,-75 L45,-75" fill="none" ${line(c, 4)}/>`,
};

const comic = (genre: string): Motif => {
  const icon = genreIcons[genre] ?? genreIcons.action!;
  return (c) => `
  <rect x="-118" y="-158" width="250" height="330" rx="10" fill="${c.accent}" ${line(c)}/>
  <rect x="-132" y="-172" width="250" height="330" rx="10" fill="${c.paper}" ${line(c)}/>
  <rect x="-112" y="-150" width="210" height="170" fill="${c.accent}" ${line(c, 5)}/>
  <g transform="translate(-7,0)">${icon(c)}</g>
  <rect x="-112" y="32" width="100" height="105" fill="${c.accent2}" ${line(c, 5)}/>
  <rect x="-2" y="32" width="100" height="105" fill="${c.paper}" ${line(c, 5)}/>
  <path d="M8,44 L88,124 M8,84 L48,124 M48,44 L88,84" ${line(c, 3)} opacity="0.5"/>
  <path d="M60,-190 h120 a28,28 0 0 1 28,28 v40 a28,28 0 0 1 -28,28 h-60 l-34,30 l6,-30 h-32 a28,28 0 0 1 -28,-28 v-40 a28,28 0 0 1 28,-28 Z" fill="${c.paper}" ${line(c, 7)}/>
  <text x="120" y="-127" text-anchor="middle" font-family="sans-serif" font-weight="900" font-size="42" fill="${c.ink}">!!</text>`;
};

const tshirt: Motif = (c) => `
  <path d="M-62,-150 L-165,-105 L-200,-10 L-130,18 L-112,-22 L-112,165 L112,165 L112,-22 L130,18 L200,-10 L165,-105 L62,-150 Q0,-95 -62,-150 Z" fill="${c.paper}" ${line(c)}/>
  <circle cx="0" cy="20" r="62" fill="${c.accent}" ${line(c, 6)}/>
  ${emblem(c, 0, 20, 42, c.accent2)}`;

const jacket: Motif = (c) => `
  <path d="M-66,-160 L-150,-125 L-200,135 L-138,148 L-112,-5 L-112,170 L112,170 L112,-5 L138,148 L200,135 L150,-125 L66,-160 L0,-110 Z" fill="${c.accent}" ${line(c)}/>
  <path d="M-66,-160 Q-60,-205 0,-205 Q60,-205 66,-160 L0,-110 Z" fill="${c.accent2}" ${line(c)}/>
  <path d="M0,-110 L0,170" ${line(c, 6)}/>
  <path d="M-112,150 L112,150" ${line(c, 6)}/>
  <rect x="-88" y="40" width="58" height="46" rx="6" fill="${c.paper}" ${line(c, 5)}/>
  <rect x="30" y="40" width="58" height="46" rx="6" fill="${c.paper}" ${line(c, 5)}/>
  ${emblem(c, -60, -40, 22, c.paper)}`;

const pants: Motif = (c) => `
  <path d="M-105,-160 L105,-160 L132,175 L30,175 L0,-40 L-30,175 L-132,175 Z" fill="${c.accent}" ${line(c)}/>
  <rect x="-105" y="-175" width="210" height="36" rx="4" fill="${c.paper}" ${line(c)}/>
  <path d="M-70,-139 Q-60,-90 -95,-80 M70,-139 Q60,-90 95,-80" fill="none" ${line(c, 5)}/>
  <rect x="-118" y="20" width="58" height="52" rx="6" fill="${c.accent2}" ${line(c, 5)}/>
  <rect x="60" y="20" width="58" height="52" rx="6" fill="${c.accent2}" ${line(c, 5)}/>`;

const sneakers: Motif = (c) => `
  <path d="M-190,40 L-185,-35 Q-175,-80 -130,-82 L-70,-88 Q-40,-45 10,-35 L120,-10 Q195,8 200,55 L200,70 L-190,70 Z" fill="${c.paper}" ${line(c)}/>
  <path d="M-200,60 L205,60 Q215,60 215,78 L215,88 Q215,108 195,108 L-185,108 Q-205,108 -205,88 L-205,75 Q-205,60 -200,60 Z" fill="${c.accent2}" ${line(c)}/>
  <path d="M-150,20 Q-40,-10 80,35 Q20,50 -150,45 Z" fill="${c.accent}" ${line(c, 6)}/>
  <path d="M-60,-70 L-30,-55 M-40,-78 L-10,-48 M-20,-84 L10,-40" ${line(c, 6)}/>
  <path d="M-188,-30 L-140,-28" ${line(c, 6)}/>`;

const boots: Motif = (c) => `
  <path d="M-120,-175 L25,-175 L35,-10 Q45,15 110,30 Q185,48 185,92 L185,105 L-130,105 L-130,60 Z" fill="${c.accent}" ${line(c)}/>
  <path d="M-140,100 L195,100 L195,140 L-140,140 Z" fill="${c.ink}" ${line(c)}/>
  <path d="M-128,-175 L33,-175 L33,-140 L-128,-140 Z" fill="${c.paper}" ${line(c)}/>
  <path d="M-20,-120 L25,-120 M-20,-90 L28,-90 M-20,-60 L30,-60 M-20,-30 L34,-30" ${line(c, 6)}/>
  <path d="M-125,40 Q-40,20 40,40" fill="none" stroke="${c.accent2}" stroke-width="14" stroke-linecap="round"/>`;

const robot: Motif = (c) => `
  <path d="M0,-205 L0,-175" ${line(c, 7)}/><circle cx="0" cy="-210" r="12" fill="${c.accent2}" ${line(c, 5)}/>
  <rect x="-70" y="-175" width="140" height="100" rx="22" fill="${c.paper}" ${line(c)}/>
  <rect x="-50" y="-150" width="100" height="38" rx="14" fill="${c.accent2}" ${line(c, 5)}/>
  <circle cx="-22" cy="-131" r="8" fill="${c.ink}"/><circle cx="22" cy="-131" r="8" fill="${c.ink}"/>
  <rect x="-100" y="-65" width="200" height="150" rx="20" fill="${c.accent}" ${line(c)}/>
  ${emblem(c, 0, 8, 40, c.paper)}
  <rect x="-160" y="-55" width="50" height="120" rx="20" fill="${c.paper}" ${line(c)}/>
  <rect x="110" y="-55" width="50" height="120" rx="20" fill="${c.paper}" ${line(c)}/>
  <rect x="-80" y="85" width="60" height="100" rx="14" fill="${c.paper}" ${line(c)}/>
  <rect x="20" y="85" width="60" height="100" rx="14" fill="${c.paper}" ${line(c)}/>`;

const doll: Motif = (c) => `
  <path d="M-70,-150 Q-160,-120 -150,20 Q-130,-40 -95,-70 Z M70,-150 Q160,-120 150,20 Q130,-40 95,-70 Z" fill="${c.accent2}" ${line(c)}/>
  <rect x="-52" y="140" width="32" height="52" rx="12" fill="${c.paper}" ${line(c, 7)}/>
  <rect x="20" y="140" width="32" height="52" rx="12" fill="${c.paper}" ${line(c, 7)}/>
  <path d="M-60,0 L-118,80 M60,0 L118,80" stroke="${c.ink}" stroke-width="32" stroke-linecap="round"/>
  <path d="M-60,0 L-118,80 M60,0 L118,80" stroke="${c.paper}" stroke-width="18" stroke-linecap="round"/>
  <path d="M-70,-20 L70,-20 L125,160 L-125,160 Z" fill="${c.accent}" ${line(c)}/>
  <path d="M-112,128 L112,128" stroke="${c.paper}" stroke-width="10"/>
  ${emblem(c, 0, 50, 26, c.paper)}
  <circle cx="0" cy="-100" r="85" fill="${c.paper}" ${line(c)}/>
  <path d="M-85,-100 Q-80,-190 0,-188 Q80,-190 85,-100 Q40,-150 -10,-140 Q-50,-135 -85,-100 Z" fill="${c.accent2}" ${line(c)}/>
  <path d="M40,-182 L95,-215 L92,-160 Z M40,-182 L-5,-225 L-20,-172 Z" fill="${c.accent}" ${line(c, 6)}/>
  <ellipse cx="-32" cy="-88" rx="13" ry="19" fill="${c.ink}"/><ellipse cx="32" cy="-88" rx="13" ry="19" fill="${c.ink}"/>
  <circle cx="-28" cy="-95" r="5" fill="${c.paper}"/><circle cx="36" cy="-95" r="5" fill="${c.paper}"/>
  <path d="M-14,-50 Q0,-40 14,-50" fill="none" ${line(c, 5)}/>
  <ellipse cx="-55" cy="-62" rx="12" ry="7" fill="${c.accent}" opacity="0.6"/><ellipse cx="55" cy="-62" rx="12" ry="7" fill="${c.accent}" opacity="0.6"/>`;

const car: Motif = (c) => `
  <path d="M-200,50 L-200,5 Q-195,-22 -160,-28 L-95,-35 L-55,-95 Q-45,-108 -22,-108 L70,-108 Q92,-108 108,-92 L155,-35 L185,-25 Q205,-16 205,10 L205,50 Z" fill="${c.accent}" ${line(c)}/>
  <path d="M-80,-38 L-45,-88 L15,-88 L15,-38 Z M35,-38 L35,-88 L85,-88 L122,-38 Z" fill="${c.paper}" ${line(c, 6)}/>
  <path d="M-195,10 L205,10" stroke="${c.accent2}" stroke-width="14"/>
  <rect x="175" y="-12" width="24" height="14" rx="4" fill="${c.paper}" ${line(c, 4)}/>
  <circle cx="-115" cy="55" r="45" fill="${c.ink}"/><circle cx="-115" cy="55" r="20" fill="${c.paper}"/>
  <circle cx="120" cy="55" r="45" fill="${c.ink}"/><circle cx="120" cy="55" r="20" fill="${c.paper}"/>`;

const byType: Record<string, Motif> = {
  't-shirt': tshirt,
  jacket,
  pants,
  sneakers,
  boots,
  'action-figure': robot,
  doll,
  car,
};

/** The motif for a product: its comic genre, merch type or toy type. */
export function motifFor(category: string, typeSlug: string | undefined): Motif {
  if (category === 'comics') return comic(typeSlug ?? 'action');
  const fallback = { clothes: tshirt, shoes: sneakers, toys: robot }[category] ?? tshirt;
  return (typeSlug && byType[typeSlug]) || fallback;
}

export { star };
