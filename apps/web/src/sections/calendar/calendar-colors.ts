import type { TFunction } from 'i18next';

/** Names for the palette's colours, so a screen reader says "green", not a hex code. */
const NAMES: Record<string, string> = {
  '#00A76F': 'green',
  '#8E33FF': 'purple',
  '#00B8D9': 'cyan',
  '#003768': 'navy',
  '#22C55E': 'lime',
  '#FFAB00': 'amber',
  '#FF5630': 'red',
  '#7A0916': 'maroon',
};

export function colorName(t: TFunction, hex: string): string {
  const name = NAMES[hex.toUpperCase()];
  return name ? t(`calendar.colors.${name}`) : hex;
}
