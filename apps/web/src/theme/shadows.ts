import { alpha } from '@mui/material/styles';
import type { Shadows } from '@mui/material/styles';

import { grey } from './palette';
import type { CustomShadows, ThemeMode } from './types';

/** Soft, colour-tinted shadows in place of MUI's black ones: lighter on light, deeper on dark. */
export function createShadows(mode: ThemeMode): Shadows {
  const color = mode === 'light' ? grey[500] : '#000000';
  const t1 = alpha(color, 0.2);
  const t2 = alpha(color, 0.14);
  const t3 = alpha(color, 0.12);
  const list = Array.from({ length: 24 }, (_, i) => {
    const n = i + 1;
    return `0px ${Math.ceil(n / 2)}px ${n + 2}px ${-Math.floor(n / 3)}px ${t1},0px ${n}px ${
      n * 1.5
    }px 0px ${t2},0px ${Math.ceil(n / 3)}px ${n * 2}px 0px ${t3}`;
  });
  return ['none', ...list] as Shadows;
}

export function createCustomShadows(mode: ThemeMode, primary: string): CustomShadows {
  const color = mode === 'light' ? grey[500] : '#000000';
  const transparent = alpha(color, 0.16);
  return {
    z1: `0 1px 2px 0 ${transparent}`,
    z8: `0 8px 16px 0 ${transparent}`,
    z12: `0 12px 24px -4px ${transparent}`,
    z16: `0 16px 32px -4px ${transparent}`,
    z20: `0 20px 40px -4px ${transparent}`,
    z24: `0 24px 48px 0 ${transparent}`,
    card: `0 0 2px 0 ${alpha(color, 0.2)}, 0 12px 24px -4px ${alpha(color, 0.12)}`,
    dropdown: `0 0 2px 0 ${alpha(color, 0.24)}, -20px 20px 40px -4px ${alpha(color, 0.24)}`,
    dialog: `-40px 40px 80px -8px ${alpha('#000000', 0.24)}`,
    primary: `0 8px 16px 0 ${alpha(primary, 0.24)}`,
  };
}
