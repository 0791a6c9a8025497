import type { Language } from '@bo/contract/constants';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { FlagIcon } from '../../components/flag-icon/flag-icon';
import { LANGUAGE_OPTIONS } from '../../locales/locales-config';

type Props = {
  anchor: HTMLElement | null;
  current: Language;
  onClose: () => void;
  onChoose: (language: Language) => void;
};

/** The list of languages, loaded the first time the flag button is pressed. */
export function LanguageMenu({ anchor, current, onClose, onChoose }: Props) {
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 180, p: 0.5 } } }}
    >
      {LANGUAGE_OPTIONS.map((option) => (
        <MenuItem
          key={option.value}
          selected={option.value === current}
          lang={option.htmlLang}
          data-lang={option.value}
          onClick={() => onChoose(option.value)}
          sx={{ gap: 1.5 }}
        >
          <FlagIcon country={option.country} />
          {option.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
