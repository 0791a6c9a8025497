import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SsoMapping } from '@bo/contract/sso';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useRolesQuery } from '../users/users-api';
import { useSaveSsoMappingsMutation, useSsoMappingsQuery } from './sso-api';

type Row = SsoMapping & { key: number };
let nextKey = 1;
const withKey = (m: SsoMapping): Row => ({ ...m, key: nextKey++ });

/**
 * /dashboard/admin/sso — which role single sign-on gives a person it creates: rows of provider,
 * claim value and role, tried in order (the first matching one wins), else the default role.
 */
export function SsoMappingsView() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useSsoMappingsQuery();
  const { data: roles = [] } = useRolesQuery();
  const [save, { isLoading: saving }] = useSaveSsoMappingsMutation();
  const [rows, setRows] = useState<Row[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (data) setRows(data.mappings.map(withKey));
  }, [data]);

  const providers = data?.providers ?? [];
  const change = (key: number, patch: Partial<SsoMapping>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const onSave = async () => {
    setFieldErrors({});
    try {
      await save({
        mappings: rows.map(({ provider, claimValue, role }) => ({ provider, claimValue, role })),
      }).unwrap();
      notify.success(t('admin.sso.saved'));
    } catch (error) {
      const found: Record<string, string> = {};
      if (isHttpError(error))
        for (const d of error.details ?? []) if (d.field) found[d.field] = d.message;
      setFieldErrors(found);
      notify.error(translateError(t, error));
    }
  };

  const header = (
    <PageHeader
      title={t('admin.sso.title')}
      crumbs={[
        { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
        { name: t('admin.crumbs.admin') },
        { name: t('admin.sso.title') },
      ]}
    />
  );

  if (isError)
    return (
      <>
        {header}
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              {t('admin.sso.retry')}
            </Button>
          }
        >
          {t('admin.sso.loadFailed')}
        </Alert>
      </>
    );

  return (
    <>
      {header}
      <Card>
        <CardHeader title={t('admin.sso.mappingsTitle')} subheader={t('admin.sso.mappingsHelp')} />
        <Box sx={{ p: 3, pt: 2 }}>
          {isLoading ? (
            <Stack spacing={2} data-testid="sso-loading">
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          ) : !providers.length ? (
            <EmptyContent
              title={t('admin.sso.notConfigured')}
              description={t('admin.sso.notConfiguredHelp')}
            />
          ) : (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {t('admin.sso.claims', {
                  list: providers.map((p) => `${p.label}: ${p.claim}`).join(', '),
                })}{' '}
                {t('admin.sso.defaultRole', { role: data?.defaultRole })}
              </Typography>
              {!rows.length && (
                <Typography sx={{ color: 'text.secondary', py: 2 }}>
                  {t('admin.sso.empty')}
                </Typography>
              )}
              <Stack spacing={2}>
                {rows.map((row, i) => (
                  <Stack
                    key={row.key}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={2}
                    alignItems={{ sm: 'flex-start' }}
                    data-testid="sso-mapping-row"
                  >
                    <TextField
                      select
                      label={t('admin.sso.provider')}
                      value={row.provider}
                      onChange={(e) => change(row.key, { provider: e.target.value })}
                      error={Boolean(fieldErrors[`mappings.${i}.provider`])}
                      helperText={fieldErrors[`mappings.${i}.provider`]}
                      sx={{ minWidth: 160 }}
                    >
                      {providers.map((p) => (
                        <MenuItem key={p.name} value={p.name}>
                          {p.label}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      label={t('admin.sso.claimValue')}
                      value={row.claimValue}
                      onChange={(e) => change(row.key, { claimValue: e.target.value })}
                      error={Boolean(fieldErrors[`mappings.${i}.claimValue`])}
                      helperText={fieldErrors[`mappings.${i}.claimValue`]}
                      sx={{ flex: 1 }}
                    />
                    <TextField
                      select
                      label={t('admin.sso.role')}
                      value={roles.some((r) => r.name === row.role) ? row.role : ''}
                      onChange={(e) => change(row.key, { role: e.target.value })}
                      error={Boolean(fieldErrors[`mappings.${i}.role`])}
                      helperText={fieldErrors[`mappings.${i}.role`]}
                      sx={{ minWidth: 160 }}
                    >
                      {roles.map((r) => (
                        <MenuItem key={r.name} value={r.name}>
                          {r.name}
                        </MenuItem>
                      ))}
                    </TextField>
                    <IconButton
                      aria-label={t('admin.sso.remove', { value: row.claimValue || i + 1 })}
                      onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                      sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              <Stack direction="row" spacing={2} sx={{ mt: 3 }} justifyContent="space-between">
                <Button
                  startIcon={<AddRounded />}
                  onClick={() =>
                    setRows((list) => [
                      ...list,
                      withKey({
                        provider: providers[0]!.name,
                        claimValue: '',
                        role: data?.defaultRole ?? 'user',
                      }),
                    ])
                  }
                >
                  {t('admin.sso.add')}
                </Button>
                <Button variant="contained" onClick={() => void onSave()} disabled={saving}>
                  {t('admin.sso.save')}
                </Button>
              </Stack>
            </>
          )}
        </Box>
      </Card>
    </>
  );
}
