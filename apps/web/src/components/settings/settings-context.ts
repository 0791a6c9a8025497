import { createContext, useContext } from 'react';

import type { ThemeSettings } from '../../theme/types';

export type SettingsContextValue = ThemeSettings & {
  update: <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => void;
  reset: () => void;
  canReset: boolean;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
};

export const SettingsContext = createContext<SettingsContextValue | null>(null);

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside <SettingsProvider>');
  return value;
}
