import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { useGetContactsQuery } from './contacts-api';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** People from `GET /api/users?limit=20`, fetched only when opened and only with `users:read`. */
export function ContactsPopover() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const canRead = !!user?.permissions.includes('users:read');
  const { data, isLoading, isError } = useGetContactsQuery(undefined, {
    skip: !anchor || !canRead,
  });
  const contacts = data ?? [];

  return (
    <>
      <Tooltip title={t('header.contacts')}>
        <IconButton
          aria-label={t('header.contacts')}
          aria-haspopup="dialog"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <PeopleAltRounded />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography variant="h6" sx={{ p: 2, pb: 1 }}>
          {t('header.contacts')}{' '}
          {contacts.length > 0 && (
            <Typography component="span" sx={{ color: 'text.secondary' }}>
              ({contacts.length})
            </Typography>
          )}
        </Typography>
        {isLoading ? (
          <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Box>
        ) : !canRead || isError || contacts.length === 0 ? (
          <EmptyContent
            title={isError ? t('header.contactsError') : t('header.noContacts')}
            sx={{ py: 3 }}
          />
        ) : (
          <List dense sx={{ maxHeight: 400, overflowY: 'auto', px: 1 }}>
            {contacts.map((c) => (
              <ListItem key={c.id} sx={{ borderRadius: 1 }}>
                <ListItemAvatar>
                  <Avatar
                    src={c.avatar ?? undefined}
                    alt=""
                    sx={{ width: 36, height: 36, fontSize: 14 }}
                  >
                    {initials(c.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={c.name}
                  secondary={c.email}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
