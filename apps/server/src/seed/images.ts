import { PRODUCT_COLORS } from '@bo/contract/products';

/**
 * Seed pictures are small SVGs generated here and put in the store at start, so the product
 * shows faces and products without fetching anything from the internet.
 */

const PALETTE = [
  '#00A76F',
  '#8E33FF',
  '#00B8D9',
  '#FFAB00',
  '#FF5630',
  '#22C55E',
  '#003768',
  '#7A0916',
  '#1890FF',
  '#B76E00',
];
const SKIN = ['#F5D0B5', '#E0AC8A', '#C68863', '#8D5524', '#FFDBAC', '#A0673E'];
const HAIR = ['#2C1B18', '#4A312C', '#B55239', '#D6B370', '#1C1C1C', '#724133', '#E8E1E1'];

export const AVATAR_POOL = 48;
export const COVER_POOL = 12;

export const avatarUrl = (n: number) => `/uploads/seed-avatar-${n % AVATAR_POOL}.svg`;
export const coverUrl = (n: number) => `/uploads/seed-cover-${n % COVER_POOL}.svg`;
/** Product pictures: one per noun of the seed's product names and per shop colour. */
export const PRODUCT_SHAPES = 24;
export const productImageUrl = (noun: number, colour: number) =>
  `/uploads/seed-product-${noun}-${colour}.svg`;

function avatarSvg(n: number): string {
  const bg = PALETTE[n % PALETTE.length]!;
  const skin = SKIN[(n * 7) % SKIN.length]!;
  const hair = HAIR[(n * 5) % HAIR.length]!;
  const longHair = n % 2 === 0;
  const hairShape = longHair
    ? `<path d="M34 58c0-22 13-34 30-34s30 12 30 34v30H84V60c0-8-9-14-20-14s-20 6-20 14v28H34z" fill="${hair}"/>`
    : `<path d="M38 54c0-18 12-28 26-28s26 10 26 28c-6-8-16-12-26-12s-20 4-26 12z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">
<rect width="128" height="128" fill="${bg}"/>
<circle cx="64" cy="150" r="52" fill="${PALETTE[(n + 3) % PALETTE.length]}"/>
<rect x="56" y="78" width="16" height="22" rx="6" fill="${skin}"/>
<circle cx="64" cy="62" r="24" fill="${skin}"/>
${hairShape}
<circle cx="55" cy="63" r="2.5" fill="#1C1C1C"/><circle cx="73" cy="63" r="2.5" fill="#1C1C1C"/>
<path d="M56 73q8 6 16 0" stroke="#1C1C1C" stroke-width="2" fill="none" stroke-linecap="round"/>
</svg>`;
}

function coverSvg(n: number): string {
  const a = PALETTE[n % PALETTE.length]!;
  const b = PALETTE[(n + 4) % PALETTE.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 320" width="960" height="320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="960" height="320" fill="url(#g)"/>
<circle cx="${120 + ((n * 97) % 700)}" cy="80" r="140" fill="#fff" opacity="0.12"/>
<circle cx="${800 - ((n * 53) % 500)}" cy="300" r="180" fill="#000" opacity="0.08"/>
</svg>`;
}

/** Darker shade of a hex colour, for outlines and seams (white gets a grey outline). */
function shade(hex: string, amount = 0.35): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * (1 - amount)));
  const out = `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`;
  return hex.toUpperCase() === '#FFFFFF' ? '#919EAB' : hex === '#000000' ? '#454F5B' : out;
}

type Draw = (c: string, o: string) => string;
const stroke = (o: string, w = 3) =>
  `stroke="${o}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;

/** Side view of a low shoe, toe to the right; `extra` draws what tells the kinds apart. */
const lowShoe =
  (upper: string, sole: string, extra: (c: string, o: string) => string): Draw =>
  (c, o) =>
    `<path d="${upper}" fill="${c}" ${stroke(o)}/>
<path d="${sole}" fill="#FFFFFF" ${stroke(o)}/>
${extra(c, o)}`;
const SNEAKER_UPPER = 'M50 200V150q5-30 35-32l35-2q20 24 55 32l50 12q30 8 30 30v10z';
const SOLE = 'M44 198h214q4 0 4 6v6q0 10-12 10H54q-10 0-10-10z';

/** Outline of a long-sleeved top, front view; `hem` is its lower edge. */
const longTop = (hem: number) =>
  `M105 62 65 82 45 ${hem - 10}l30 3 15-105V${hem}h120V130l15 105 30-3-20-153-40-20q-45 26-90 0z`;

const SHAPES: readonly Draw[] = [
  // 0 Sneakers
  lowShoe(SNEAKER_UPPER, SOLE, (_c, o) =>
    [0, 1, 2]
      .map((i) => `<path d="M${112 + i * 14} ${128 + i * 6}l14 10" ${stroke('#FFFFFF', 4)}/>`)
      .join('')
      .concat(`<path d="M62 178q60 10 120-20" fill="none" ${stroke(o, 2)}/>`),
  ),
  // 1 Runner
  lowShoe(
    'M55 196v-36q8-34 40-34l28 4q24 22 60 26l48 8q30 6 30 32z',
    'M44 194h222q4 0 4 6v8q0 14-16 14H58q-14 0-14-14z',
    (c, o) =>
      `<path d="M80 188q70-10 150-46" fill="none" ${stroke(o, 6)}/><path d="M44 206h226" ${stroke(c, 4)}/>`,
  ),
  // 2 Loafers
  lowShoe(
    'M55 200v-28q6-22 36-22l62 2q48 6 86 20 18 8 18 28z',
    'M48 198h214q4 0 4 5v5q0 8-10 8H58q-10 0-10-8z',
    (_c, o) =>
      `<path d="M120 154q20 16 50 2" fill="none" ${stroke(o, 4)}/><rect x="132" y="158" width="26" height="8" rx="3" fill="${o}"/>`,
  ),
  // 3 Boots
  (c, o) =>
    `<path d="M72 210V66h66v86q34 6 76 16 38 8 38 32v10z" fill="${c}" ${stroke(o)}/>
<path d="M66 208h190q4 0 4 6v6q0 8-10 8H74q-8 0-8-8z" fill="${o}"/>
${[0, 1, 2, 3].map((i) => `<path d="M124 ${84 + i * 18}h20" ${stroke('#FFFFFF', 4)}/>`).join('')}
<path d="M72 84h66" ${stroke(o, 3)}/>`,
  // 4 Sandals
  (c, o) =>
    `<path d="M44 206q0-14 24-14h166q26 0 26 14t-22 14H66q-22 0-22-14z" fill="#D6B370" ${stroke('#8A6D3B')}/>
<path d="M96 192q10-56 56-56t56 56" fill="none" ${stroke(c, 14)}/>
<path d="M96 192q10-56 56-56t56 56" fill="none" ${stroke(o, 2)}/>
<path d="M60 192q6-34 34-36" fill="none" ${stroke(c, 10)}/>`,
  // 5 Slip-On
  lowShoe(
    'M50 200v-36q4-22 34-24l52-2q40 8 86 20 32 8 32 32v10z',
    SOLE,
    (_c, o) => `<rect x="118" y="146" width="22" height="34" rx="6" fill="${o}" opacity="0.5"/>`,
  ),
  // 6 Hoodie
  (c, o) =>
    `<path d="M112 70q38-50 76 0" fill="${c}" ${stroke(o)}/>
<path d="${longTop(250)}" fill="${c}" ${stroke(o)}/>
<path d="M112 70q38 40 76 0" fill="${shade(c, 0.2)}" ${stroke(o)}/>
<path d="M140 86v40M160 86v40" ${stroke(o, 3)}/>
<path d="M110 190h80l14 44H96z" fill="none" ${stroke(o)}/>`,
  // 7 Jacket
  (c, o) =>
    `<path d="${longTop(250)}" fill="${c}" ${stroke(o)}/>
<path d="M150 80v170" ${stroke(o, 4)}/>
<path d="M118 64l32 22 32-22-10-12h-44z" fill="${shade(c, 0.2)}" ${stroke(o)}/>
<path d="M104 180h28M168 180h28" ${stroke(o, 3)}/>`,
  // 8 Tee
  (c, o) =>
    `<path d="M102 68 58 90l-20 50 36 14 12-30v118h128V124l12 30 36-14-20-50-44-22q-48 30-96 0z" fill="${c}" ${stroke(o)}/>
<path d="M102 68q48 30 96 0" fill="none" ${stroke(o, 4)}/>`,
  // 9 Shirt
  (c, o) =>
    `<path d="${longTop(250)}" fill="${c}" ${stroke(o)}/>
<path d="M120 60l30 30 30-30-12-6-18 18-18-18z" fill="#FFFFFF" ${stroke(o)}/>
<path d="M150 90v160" ${stroke(o, 2)}/>
${[0, 1, 2, 3, 4].map((i) => `<circle cx="156" cy="${110 + i * 28}" r="3" fill="${o}"/>`).join('')}`,
  // 10 Jeans
  (c, o) =>
    `<path d="M94 50h112l12 200h-52l-16-128-16 128H82z" fill="${c}" ${stroke(o)}/>
<path d="M94 68h112" ${stroke(o)}/>
<path d="M104 72q6 28 30 30M196 72q-6 28-30 30" fill="none" ${stroke('#FFAB00', 2)}/>
<path d="M150 68v54" ${stroke('#FFAB00', 2)}/>`,
  // 11 Chinos
  (c, o) =>
    `<path d="M94 50h112l12 200h-52l-16-128-16 128H82z" fill="${c}" ${stroke(o)}/>
<path d="M94 68h112" ${stroke(o)}/>
<path d="M116 80l-6 166M184 80l6 166" ${stroke(o, 1.5)}/>
<path d="M108 72l12 20M192 72l-12 20" ${stroke(o, 2)}/>`,
  // 12 Dress
  (c, o) =>
    `<path d="M122 52h56l4 62q60 86 70 136H48q10-50 70-136z" fill="${c}" ${stroke(o)}/>
<path d="M122 52l-4-16M178 52l4-16" ${stroke(o, 4)}/>
<path d="M118 114h64" ${stroke(o, 4)}/>`,
  // 13 Skirt
  (c, o) =>
    `<rect x="96" y="70" width="108" height="22" rx="4" fill="${shade(c, 0.15)}" ${stroke(o)}/>
<path d="M96 92h108l40 140H56z" fill="${c}" ${stroke(o)}/>
<path d="M126 92l-20 140M174 92l20 140" ${stroke(o, 1.5)}/>`,
  // 14 Sweater
  (c, o) =>
    `<path d="${longTop(250)}" fill="${c}" ${stroke(o)}/>
<path d="M105 62q45 40 90 0" fill="none" ${stroke(o, 6)}/>
<path d="M90 236h120M46 218l30 3M224 221l30-3" ${stroke(o, 5)}/>
${[0, 1, 2, 3].map((i) => `<path d="M${112 + i * 22} 150l10 12 10-12" fill="none" ${stroke(o, 2)}/>`).join('')}`,
  // 15 Backpack
  (c, o) =>
    `<path d="M130 66q0-26 20-26t20 26" fill="none" ${stroke(o, 6)}/>
<rect x="84" y="62" width="132" height="178" rx="36" fill="${c}" ${stroke(o)}/>
<rect x="104" y="150" width="92" height="70" rx="16" fill="${shade(c, 0.15)}" ${stroke(o)}/>
<path d="M104 172h92" ${stroke(o, 2)}/>
<path d="M116 100q34 14 68 0" fill="none" ${stroke(o, 2)}/>`,
  // 16 Tote
  (c, o) =>
    `<path d="M112 108q0-64 38-64t38 64" fill="none" ${stroke(o, 7)}/>
<path d="M80 104h140l14 136H66z" fill="${c}" ${stroke(o)}/>
<path d="M80 124h140" ${stroke(o, 2)}/>`,
  // 17 Watch
  (c, o) =>
    `<rect x="124" y="40" width="52" height="220" rx="14" fill="${c}" ${stroke(o)}/>
<circle cx="150" cy="150" r="58" fill="${o}"/>
<circle cx="150" cy="150" r="48" fill="#FFFFFF"/>
<path d="M150 150v-32M150 150l22 12" ${stroke('#212B36', 4)}/>
<rect x="206" y="142" width="10" height="16" rx="3" fill="${o}"/>`,
  // 18 Cap
  (c, o) =>
    `<path d="M70 170q0-90 80-90t80 90z" fill="${c}" ${stroke(o)}/>
<path d="M150 80v90M110 92q-14 40-12 78M190 92q14 40 12 78" fill="none" ${stroke(o, 2)}/>
<path d="M200 166q50 0 70 14-8 8-70 6z" fill="${shade(c, 0.2)}" ${stroke(o)}/>
<circle cx="150" cy="80" r="6" fill="${o}"/>`,
  // 19 Scarf
  (c, o) =>
    `<path d="M92 70q58-30 116 0l-8 34q-50-22-100 0z" fill="${c}" ${stroke(o)}/>
<path d="M116 96l34 8v120h-40z" fill="${c}" ${stroke(o)}/>
<path d="M160 100l30-4 20 118-36 8z" fill="${shade(c, 0.15)}" ${stroke(o)}/>
${[0, 1, 2, 3, 4].map((i) => `<path d="M${112 + i * 9} 226v14" ${stroke(o, 2)}/>`).join('')}`,
  // 20 Parka
  (c, o) =>
    `<path d="M108 66q42-54 84 0" fill="${c}" ${stroke(o)}/>
<path d="${longTop(266)}" fill="${c}" ${stroke(o)}/>
<path d="M150 76v190" ${stroke(o, 4)}/>
<rect x="100" y="196" width="38" height="30" rx="4" fill="none" ${stroke(o)}/>
<rect x="162" y="196" width="38" height="30" rx="4" fill="none" ${stroke(o)}/>
<path d="M108 66q42 30 84 0" fill="none" ${stroke('#FFFFFF', 6)}/>`,
  // 21 Shorts
  (c, o) =>
    `<path d="M88 90h124l16 110-66 6-12-58-12 58-66-6z" fill="${c}" ${stroke(o)}/>
<path d="M88 108h124" ${stroke(o)}/>
<path d="M142 96l8 12 8-12" fill="none" ${stroke(o, 2)}/>`,
  // 22 Blazer
  (c, o) =>
    `<path d="${longTop(254)}" fill="${c}" ${stroke(o)}/>
<path d="M118 64l32 96 32-96" fill="#FFFFFF" ${stroke(o)}/>
<path d="M118 64l-8 40 22 10 18 46M182 64l8 40-22 10-18 46" fill="none" ${stroke(o)}/>
<circle cx="150" cy="186" r="4" fill="${o}"/><circle cx="150" cy="212" r="4" fill="${o}"/>
<path d="M170 200h26" ${stroke(o, 3)}/>`,
  // 23 Polo
  (c, o) =>
    `<path d="M102 68 58 90l-20 50 36 14 12-30v118h128V124l12 30 36-14-20-50-44-22q-48 30-96 0z" fill="${c}" ${stroke(o)}/>
<path d="M110 64l40 22 40-22-16 30-24-8-24 8z" fill="${shade(c, 0.15)}" ${stroke(o)}/>
<path d="M150 86v44" ${stroke(o, 2)}/>
<circle cx="150" cy="104" r="3" fill="${o}"/><circle cx="150" cy="120" r="3" fill="${o}"/>`,
];

/** One picture per product noun and colour: a "Boots" in red is a red boot. */
function productSvg(noun: number, colour: number): string {
  const c = PRODUCT_COLORS[colour]!;
  const bg =
    c === '#FFFFFF'
      ? '#DFE3E8'
      : ['#F4F6F8', '#FFF7E6', '#EEF7F1', '#F3EEFF', '#EAF6FB', '#FDEDEA'][(noun + colour) % 6]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300">
<rect width="300" height="300" fill="${bg}"/>
<ellipse cx="150" cy="262" rx="110" ry="12" fill="#000" opacity="0.08"/>
${SHAPES[noun % SHAPES.length]!(c, shade(c))}
</svg>`;
}

/**
 * Puts the pools of pictures in the store (disk or S3) once; those already there are kept (they
 * are identical). Run at every start, so a new bucket or a new DATA_DIR gets them too.
 */
export async function ensureSeedImages(storage: {
  stat(key: string): Promise<unknown>;
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
}): Promise<void> {
  const pictures: Array<[string, () => string]> = [];
  for (let i = 0; i < AVATAR_POOL; i++) pictures.push([`seed-avatar-${i}.svg`, () => avatarSvg(i)]);
  for (let i = 0; i < COVER_POOL; i++) pictures.push([`seed-cover-${i}.svg`, () => coverSvg(i)]);
  for (let noun = 0; noun < PRODUCT_SHAPES; noun++)
    for (let colour = 0; colour < PRODUCT_COLORS.length; colour++)
      pictures.push([`seed-product-${noun}-${colour}.svg`, () => productSvg(noun, colour)]);
  await Promise.all(
    pictures.map(async ([name, body]) => {
      if (!(await storage.stat(name)))
        await storage.put(name, Buffer.from(body()), 'image/svg+xml');
    }),
  );
}
