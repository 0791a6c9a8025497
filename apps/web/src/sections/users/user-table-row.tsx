import type { User } from '@bo/contract/users';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { WIDE_ONLY } from '../../components/table/phone';
import { Label } from '../../components/label/label';
import { paths } from '../../routes/paths';
import { STATUS_COLOR, initials } from './user-status';

type Props = {
  user: User;
  canManage: boolean;
  selected: boolean;
  onSelect: () => void;
  onQuickEdit: () => void;
  onDelete: () => void;
};

export function UserTableRow({
  user,
  canManage,
  selected,
  onSelect,
  onQuickEdit,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <TableRow hover selected={selected} data-testid="user-row" aria-selected={selected}>
      {canManage && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selected}
            onChange={onSelect}
            slotProps={{ input: { 'aria-label': t('users.list.selectOne', { name: user.name }) } }}
          />
        </TableCell>
      )}
      <TableCell>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 1.5, sm: 2 },
            minWidth: { sm: 220 },
          }}
        >
          <Avatar src={user.avatarUrl ?? undefined} alt="">
            {initials(user.name)}
          </Avatar>
          {/* On a phone the text is cut to fit (the email ends in "…"). */}
          <Box sx={{ minWidth: 0, maxWidth: { xs: 110, sm: 'none' } }}>
            {canManage ? (
              <Link
                component={RouterLink}
                to={paths.dashboard.user.edit(user.id)}
                color="inherit"
                variant="subtitle2"
              >
                {user.name}
              </Link>
            ) : (
              <Typography variant="subtitle2">{user.name}</Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.disabled' }} noWrap>
              {user.email}
            </Typography>
            {/* On a phone the role's column is folded in here. */}
            <Typography
              variant="caption"
              sx={{ color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}
            >
              {t(`users.roles.${user.role}`, { defaultValue: user.role })}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...WIDE_ONLY }}>
        {user.phone ? <bdi dir="ltr">{user.phone}</bdi> : '—'}
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{user.company ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...WIDE_ONLY }}>
        {t(`users.roles.${user.role}`, { defaultValue: user.role })}
      </TableCell>
      <TableCell align="center" sx={WIDE_ONLY}>
        {user.emailVerified ? (
          <CheckCircleRounded
            color="success"
            titleAccess={t('users.list.verified')}
            fontSize="small"
          />
        ) : (
          <RemoveCircleOutlineRounded
            color="disabled"
            titleAccess={t('users.list.notVerified')}
            fontSize="small"
          />
        )}
      </TableCell>
      <TableCell>
        <Label color={STATUS_COLOR[user.status]}>{t(`users.status.${user.status}`)}</Label>
      </TableCell>
      {canManage && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 1 }}>
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
          </Menu>
        </TableCell>
      )}
    </TableRow>
  );
}
