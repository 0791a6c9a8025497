import { PERMISSION_AREAS, PERMISSION_INFO, ROLES_MANAGE } from '@bo/contract/roles';
import type { Permission } from '@bo/contract/roles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { PageHeader } from '../../components/page-header/page-header';
import { navTree, visibleTo } from '../../layouts/dashboard/nav-items';
import type { NavLink } from '../../layouts/dashboard/nav-items';
import { roleName } from '../../lib/audit-labels';
import { isMac } from '../../lib/platform';
import { paths } from '../../routes/paths';
import { MAIL_SHORTCUT_KEYS, mailShortcutKeys, mailShortcutLabel } from '../mail/mail-shortcuts';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`help-${id}`} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={`help-${id}`} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Card>
  );
}

/** Keys and what they do, as a description list: the keys in `<kbd>`, read as they are. */
function KeyList({ title, rows }: { title: string; rows: Array<[string, string]> }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1 },
          m: 0,
        }}
      >
        {rows.map(([keys, what]) => (
          <Box key={keys + what} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ mt: { xs: 1, sm: 0 } }}>
              <Box
                component="kbd"
                dir="ltr"
                sx={{
                  px: 0.75,
                  py: 0.25,
                  borderRadius: 0.75,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.neutral',
                  fontFamily: 'monospace',
                  fontSize: 13,
                  fontWeight: 700,
                  whiteSpace: 'nowrap',
                }}
              >
                {keys}
              </Box>
            </Box>
            <Box component="dd" sx={{ m: 0, typography: 'body2' }}>
              {what}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The user guide, written from what the app knows rather than kept beside it: the screens are the
 * side bar's (the route manifest's, filtered by the person's permissions), the mailbox keys are
 * the mailbox's own, and the rights are the person's permissions with the Roles screen's words.
 */
export function HelpView() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const permissions = useMemo(() => user?.permissions ?? [], [user?.permissions]);

  const groups = useMemo(
    () =>
      navTree()
        .map((group) => ({ ...group, items: visibleTo(group.items, permissions) }))
        .filter((group) => group.items.length > 0),
    [permissions],
  );
  const rights = useMemo(
    () =>
      PERMISSION_AREAS.map((area) => ({
        area,
        granted: (Object.keys(PERMISSION_INFO) as Permission[]).filter(
          (p) => PERMISSION_INFO[p].area === area && permissions.includes(p),
        ),
      })).filter((g) => g.granted.length > 0),
    [permissions],
  );

  const describe = (item: NavLink) =>
    t(`help.screens.${item.routeKey ?? 'documentation'}`, { defaultValue: '' });
  const ctrl = isMac() ? '⌘' : 'Ctrl';

  return (
    <Container maxWidth="lg">
      <PageHeader
        title={t('help.title')}
        action={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={paths.changelog} variant="contained">
              {t('help.changelog')}
            </Button>
            <Button
              href={paths.docs}
              target="_blank"
              rel="noopener"
              variant="outlined"
              color="inherit"
            >
              {t('help.apiReference')}
            </Button>
          </Stack>
        }
      />
      <Typography sx={{ mb: 3, maxWidth: 760 }}>{t('help.intro')}</Typography>
      <Stack spacing={3}>
        <Section id="screens" title={t('help.screens.title')} intro={t('help.screens.intro')}>
          {groups.map((group) => (
            <Box key={group.key} sx={{ mb: 2.5 }}>
              <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                {t(group.subheader)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {group.items.map((item) => (
                  <Box component="li" key={item.path} sx={{ py: 0.75 }}>
                    {item.external ? (
                      <Link href={item.path} target="_blank" rel="noopener" variant="subtitle2">
                        {t(item.title)}
                      </Link>
                    ) : (
                      <Link component={RouterLink} to={item.path} variant="subtitle2">
                        {t(item.title)}
                      </Link>
                    )}
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {describe(item)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Section>

        <Section id="keys" title={t('help.keys.title')} intro={t('help.keys.intro')}>
          <KeyList
            title={t('help.keys.everywhere')}
            rows={[
              [`${ctrl}+K`, t('help.keys.search')],
              ['/', t('help.keys.searchSlash')],
              ['Esc', t('help.keys.close')],
            ]}
          />
          {permissions.includes('mail:read') && (
            <KeyList
              title={t('help.keys.mail')}
              rows={MAIL_SHORTCUT_KEYS.map((key) => [
                mailShortcutKeys(key),
                t(mailShortcutLabel(key)),
              ])}
            />
          )}
          <KeyList
            title={t('help.keys.elsewhere')}
            rows={[
              ['Enter', t('help.keys.chatSend')],
              [`${ctrl}+Enter`, t('help.keys.commentSend')],
              ['Enter', t('help.keys.kanbanMove')],
              ['Enter', t('help.keys.calendarOpen')],
              ['0–9', t('help.keys.dates')],
            ]}
          />
        </Section>

        <Section
          id="rights"
          title={t('help.rights.title')}
          intro={t('help.rights.intro', { role: user ? roleName(t, user.role) : '' })}
        >
          {rights.map(({ area, granted }) => (
            <Box key={area} sx={{ mb: 2 }}>
              <Typography variant="subtitle1" component="h3">
                {t(`admin.roles.areas.${area}`)}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
                {granted.map((p) => (
                  <li key={p}>
                    {t(`admin.roles.permissions.${p.replace(':', '.')}`, {
                      defaultValue: PERMISSION_INFO[p].description,
                    })}
                  </li>
                ))}
              </Box>
            </Box>
          ))}
          {permissions.includes(ROLES_MANAGE) && (
            <Button
              component={RouterLink}
              to={paths.dashboard.admin.roles}
              variant="outlined"
              color="inherit"
            >
              {t('help.rights.manage')}
            </Button>
          )}
        </Section>
      </Stack>
    </Container>
  );
}
