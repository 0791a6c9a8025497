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
export const PRODUCT_IMAGE_POOL = 48;

export const avatarUrl = (n: number) => `/uploads/seed-avatar-${n % AVATAR_POOL}.svg`;
export const coverUrl = (n: number) => `/uploads/seed-cover-${n % COVER_POOL}.svg`;
export const productImageUrl = (n: number) => `/uploads/seed-product-${n % PRODUCT_IMAGE_POOL}.svg`;

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

/** A stylised product on a soft background: shoe, garment or accessory by pool index. */
function productSvg(n: number): string {
  const bg = ['#F4F6F8', '#FFF7E6', '#EEF7F1', '#F3EEFF', '#EAF6FB', '#FDEDEA'][n % 6]!;
  const c = PALETTE[(n * 3) % PALETTE.length]!;
  const kind = n % 3;
  const shape =
    kind === 0
      ? `<path d="M40 170c0-20 10-34 26-40l40-30c10 20 30 30 60 34l50 8c20 3 34 14 34 28v10H40z" fill="${c}"/>
<rect x="40" y="178" width="210" height="14" rx="7" fill="#fff" stroke="#919EAB"/>
<path d="M110 110l12 14M124 102l12 14M138 96l10 14" stroke="#fff" stroke-width="4"/>`
      : kind === 1
        ? `<path d="M100 60l-50 26 16 40 22-10v100h114V116l22 10 16-40-50-26c-6 14-22 22-45 22s-39-8-45-22z" fill="${c}"/>
<path d="M145 82v134" stroke="#fff" stroke-width="3" opacity="0.4"/>`
        : `<rect x="80" y="80" width="140" height="150" rx="26" fill="${c}"/>
<path d="M115 80c0-30 70-30 70 0" stroke="${c}" stroke-width="12" fill="none"/>
<rect x="100" y="130" width="100" height="40" rx="10" fill="#fff" opacity="0.35"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300">
<rect width="300" height="300" fill="${bg}"/>
<ellipse cx="150" cy="250" rx="110" ry="14" fill="#000" opacity="0.08"/>
${shape}
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
  for (let i = 0; i < PRODUCT_IMAGE_POOL; i++)
    pictures.push([`seed-product-${i}.svg`, () => productSvg(i)]);
  await Promise.all(
    pictures.map(async ([name, body]) => {
      if (!(await storage.stat(name)))
        await storage.put(name, Buffer.from(body()), 'image/svg+xml');
    }),
  );
}
