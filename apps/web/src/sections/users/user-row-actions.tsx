import type { User } from '@bo/contract/users';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../routes/paths';

type Props = {
  user: User;
  canDelete: boolean;
  onQuickEdit: () => void;
  onDelete: () => void;
};

/** A person's actions in the list: quick edit, and a menu to edit fully or delete. */
export function UserRowActions({ user, canDelete, onQuickEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <Tooltip title={t('users.list.quickEdit')}>
        <IconButton
          // The full edit page stays in the menu on a phone.
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          onClick={onQuickEdit}
          aria-label={t('users.list.quickEditOf', { name: user.name })}
        >
          <EditNoteRounded />
        </IconButton>
      </Tooltip>
      <IconButton
        onClick={(e) => setMenu(e.currentTarget)}
        aria-label={t('users.list.actionsOf', { name: user.name })}
        aria-haspopup="menu"
        data-testid="row-menu"
      >
        <MoreVertRounded />
      </IconButton>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem
          component={RouterLink}
          to={paths.dashboard.user.edit(user.id)}
          onClick={() => setMenu(null)}
        >
          <ListItemIcon>
            <EditRounded fontSize="small" />
          </ListItemIcon>
          {t('common.edit')}
        </MenuItem>
        {canDelete && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              onDelete();
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteRounded fontSize="small" />
            </ListItemIcon>
            {t('common.delete')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
