import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { useSettings } from '../../components/settings/settings-context';
import { paths } from '../../routes/paths';
import { useSignOut } from './use-sign-out';

export function AccountPopover() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { onOpen } = useSettings();
  const { signOut: leave, busy } = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const name =
    user?.displayName ||
    [user?.firstName, user?.lastName].filter(Boolean).join(' ') ||
    user?.email ||
    '';

  const signOut = async () => {
    await leave();
    close();
  };

  return (
    <>
      <IconButton
        aria-label={t('header.account')}
        aria-haspopup="dialog"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{
          p: 0.25,
          background: (theme) =>
            `conic-gradient(${theme.palette.primary.light}, ${theme.palette.warning.light}, ${theme.palette.primary.light})`,
        }}
      >
        <Avatar
          src={user?.photoURL ?? undefined}
          alt=""
          sx={{
            width: 36,
            height: 36,
            border: (theme) => `2px solid ${theme.palette.background.default}`,
          }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 220, p: 0 } } }}
      >
        <Box sx={{ p: 2, pb: 1.5 }}>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {user?.email}
          </Typography>
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <MenuList sx={{ p: 1 }}>
          <MenuItem component={Link} to={paths.dashboard.user.profile} onClick={close}>
            {t('header.profile')}
          </MenuItem>
          <MenuItem component={Link} to={paths.dashboard.user.account} onClick={close}>
            {t('header.accountSettings')}
          </MenuItem>
          <MenuItem component={Link} to={paths.dashboard.myExports} onClick={close}>
            {t('header.myExports')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              onOpen();
            }}
          >
            {t('settings.title')}
          </MenuItem>
        </MenuList>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <Box sx={{ p: 1 }}>
          <Button
            fullWidth
            color="error"
            size="medium"
            variant="outlined"
            onClick={signOut}
            disabled={busy}
          >
            {t('auth.signOut')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
