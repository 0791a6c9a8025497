import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

import type { ThemeSettings } from '../../theme/types';
import { SettingsContext } from './settings-context';
import type { SettingsContextValue } from './settings-context';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEYS,
  clearSettingsCookies,
  readSettingsCookies,
  writeSettingsCookie,
} from './settings-storage';

type Props = { children: ReactNode; initial?: ThemeSettings };

export function SettingsProvider({ children, initial }: Props) {
  const [settings, setSettings] = useState<ThemeSettings>(() => initial ?? readSettingsCookies());
  const [open, setOpen] = useState(false);

  const update = useCallback(<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => {
    writeSettingsCookie(key, value);
    setSettings((prev) => (prev[key] === value ? prev : { ...prev, [key]: value }));
  }, []);

  const reset = useCallback(() => {
    clearSettingsCookies();
    setSettings(DEFAULT_SETTINGS);
  }, []);

  const canReset = SETTINGS_KEYS.some((key) => settings[key] !== DEFAULT_SETTINGS[key]);

  const value = useMemo<SettingsContextValue>(
    () => ({
      ...settings,
      update,
      reset,
      canReset,
      open,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
    }),
    [settings, update, reset, canReset, open],
  );

  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}
