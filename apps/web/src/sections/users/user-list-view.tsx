import { USER_STATUSES } from '@bo/contract/account';
import type { UserStatus } from '@bo/contract/account';
import type { User } from '@bo/contract/users';
import { USER_LIST_MAX_OFFSET, USER_SEARCH_COUNT_CAP } from '@bo/contract/users';
import { USER_TRANSFER_API } from '@bo/contract/users-transfer-paths';
import { LANGUAGES } from '@bo/contract/constants';
import AddRounded from '@mui/icons-material/AddRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { isAdmin, useAuth } from '../../auth/auth-context';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { ExportMenu } from '../../components/export-menu/export-menu';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { useRangeSelection } from '../../lib/use-range-selection';
import { paths } from '../../routes/paths';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { roleName } from '../../lib/audit-labels';
import { STATUS_COLOR, initials, userErrorMessage } from './user-status';
import { UserBulkBar } from './user-bulk-bar';
import { UserRowActions } from './user-row-actions';
import { ROWS_PER_PAGE, useUserListParams } from './use-user-list-params';
import { useDeleteUserMutation, useRolesQuery, useUsersQuery } from './users-api';

// The import dialog (stepper, tables) loads when it is opened.
const UserImport = lazy(() => import('./user-import').then((m) => ({ default: m.UserImport })));

// The quick-edit form (React Hook Form, zod, autocomplete) loads when it is opened.
const UserQuickEditDialog = lazy(() =>
  import('./user-quick-edit-dialog').then((m) => ({ default: m.UserQuickEditDialog })),
);

type Pending = { kind: 'one'; user: User } | null;

export function UserListView() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const canManage = isAdmin(me) || !!me?.permissions.includes('users:write');
  const canDelete = isAdmin(me) || !!me?.permissions.includes('users:delete');
  const list = useUserListParams();
  // At phone width the first/last buttons push the pager out of the card.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const roles = useRolesQuery();
  const { data, isFetching, isLoading, error, refetch } = useUsersQuery({
    page: list.page,
    limit: list.limit,
    sort: list.sort,
    order: list.order,
    q: list.q || undefined,
    role: list.role || undefined,
    status: list.status,
    after: list.after || undefined,
    before: list.before || undefined,
  });
  const [deleteUser, deleting] = useDeleteUserMutation();
  const { selected, toggle, setAll } = useRangeSelection();
  const [pending, setPending] = useState<Pending>(null);
  const [quickEdit, setQuickEdit] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  // The export asks for the list as shown, its header in the screen's language.
  const exportFilters = Object.fromEntries(
    Object.entries({
      q: list.q,
      role: list.role,
      status: list.status ?? '',
      sort: list.sort,
      order: list.order,
      lang: (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : '',
    }).filter(([, v]) => v),
  );

  // The search box types freely; the URL (and the call) follow after a pause.
  const [search, setSearch] = useState(list.q);
  useEffect(() => setSearch(list.q), [list.q]);
  useEffect(() => {
    if (search.trim() === list.q) return;
    const timer = window.setTimeout(() => list.setQ(search), 350);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  // A selection never outlives the page it was made on.
  useEffect(
    () => setAll([]),
    [setAll, list.page, list.limit, list.q, list.role, list.status, list.sort, list.order],
  );

  const rows = data?.users ?? [];
  const total = data?.total ?? 0;
  // A search past the server's count cap: its figures are "at least", and the end of the list is
  // known only when a page comes back short.
  const capped = !!data?.totalCapped;
  const pageCount = capped
    ? rows.length < list.limit
      ? (list.page - 1) * list.limit + rows.length
      : -1
    : total;
  const figure = (n: number) => (capped ? t('users.list.atLeast', { count: n }) : n);
  const filtered = !!(list.q || list.role || list.status);

  // Page numbers reach USER_LIST_MAX_OFFSET people from either end of the list (in a search,
  // USER_SEARCH_COUNT_CAP from its start); deeper, the next page is read after the last person
  // shown and the previous one before the first, which costs the same at any depth.
  const goToPage = (target: number) => {
    const offset = (target - 1) * list.limit;
    const fromEnd = total - offset - list.limit;
    const reachable = list.q
      ? offset < USER_SEARCH_COUNT_CAP
      : offset <= USER_LIST_MAX_OFFSET || fromEnd <= USER_LIST_MAX_OFFSET;
    if (reachable || !rows.length) list.setPage(target);
    else if (target > list.page) list.setPageAt(target, { after: rows[rows.length - 1]!.id });
    else list.setPageAt(target, { before: rows[0]!.id });
  };

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await deleteUser(pending.user.id).unwrap();
      notify.success(t('users.list.deleted', { name: pending.user.name }));
      // The last row of the last page gone: step back a page.
      if (rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
    } catch (err) {
      notify.error(userErrorMessage(t, err));
    } finally {
      setPending(null);
    }
  };

  const roleOf = (u: User) => roleName(t, u.role);
  const columns: Array<DataColumn<User>> = [
    {
      id: 'name',
      header: t('users.list.columns.name'),
      required: true,
      sortable: true,
      width: 240,
      cell: (u) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          <Avatar src={u.avatarUrl ?? undefined} alt="">
            {initials(u.name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            {canManage ? (
              <Link
                component={RouterLink}
                to={paths.dashboard.user.edit(u.id)}
                color="inherit"
                variant="subtitle2"
                noWrap
                sx={{ display: 'block' }}
              >
                {u.name}
              </Link>
            ) : (
              <Typography variant="subtitle2" noWrap>
                {u.name}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {u.email}
            </Typography>
          </Box>
        </Box>
      ),
    },
    {
      id: 'phone',
      header: t('users.list.columns.phone'),
      width: 150,
      cell: (u) => (u.phone ? <bdi dir="ltr">{u.phone}</bdi> : '—'),
    },
    {
      id: 'company',
      header: t('users.list.columns.company'),
      sortable: true,
      width: 160,
      cell: (u) => u.company ?? '—',
    },
    {
      id: 'role',
      header: t('users.list.columns.role'),
      sortable: true,
      width: 120,
      cell: roleOf,
    },
    {
      id: 'verified',
      header: t('users.list.columns.verified'),
      sortable: true,
      align: 'center',
      width: 100,
      cell: (u) =>
        u.emailVerified ? (
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
        ),
    },
    {
      id: 'status',
      header: t('users.list.columns.status'),
      sortable: true,
      width: 110,
      cell: (u) => <Label color={STATUS_COLOR[u.status]}>{t(`users.status.${u.status}`)}</Label>,
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('users.list.columns.actions'),
            hideHeader: true,
            required: true,
            align: 'right' as const,
            width: 104,
            cell: (u: User) => (
              <UserRowActions
                user={u}
                canDelete={canDelete}
                onQuickEdit={() => setQuickEdit(u)}
                onDelete={() => setPending({ kind: 'one', user: u })}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('users.list.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.user'), href: paths.dashboard.user.root },
          { name: t('nav.list') },
        ]}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <ExportMenu
              path={USER_TRANSFER_API.export}
              filters={exportFilters}
              fileBase="people"
              label={t('users.transfer.export')}
              testId="users-export"
            />
            {canManage && (
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<FileUploadOutlined />}
                data-testid="users-import"
                onClick={() => setImporting(true)}
              >
                {t('users.transfer.import')}
              </Button>
            )}
            {canManage && (
              <Button
                component={RouterLink}
                to={paths.dashboard.user.new}
                variant="contained"
                startIcon={<AddRounded />}
              >
                {t('users.list.new')}
              </Button>
            )}
          </Box>
        }
      />
      <Card>
        <Tabs
          value={list.status ?? 'all'}
          onChange={(_e, value: UserStatus | 'all') =>
            list.setStatus(value === 'all' ? undefined : value)
          }
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: 2.5, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
          aria-label={t('users.list.tabs')}
        >
          {(['all', ...USER_STATUSES] as const).map((tab) => (
            <Tab
              key={tab}
              value={tab}
              iconPosition="end"
              label={tab === 'all' ? t('users.list.all') : t(`users.status.${tab}`)}
              data-testid={`tab-${tab}`}
              icon={
                <Label
                  variant={(list.status ?? 'all') === tab ? 'filled' : 'soft'}
                  color={tab === 'all' ? 'default' : STATUS_COLOR[tab]}
                >
                  {data ? figure(data.counts[tab]) : '…'}
                </Label>
              }
            />
          ))}
        </Tabs>

        <Box sx={{ p: 2.5, display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' } }}>
          <TextField
            select
            label={t('users.fields.role')}
            value={list.role}
            onChange={(e) => list.setRole(e.target.value)}
            sx={{ width: { xs: 1, md: 220 }, flexShrink: 0 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                // The chosen role by its name even before the list of roles has loaded.
                renderValue: (value) =>
                  value ? roleName(t, String(value)) : t('users.list.allRoles'),
              },
            }}
          >
            <MenuItem value="">{t('users.list.allRoles')}</MenuItem>
            {(roles.data ?? []).map((r) => (
              <MenuItem key={r.name} value={r.name}>
                {roleName(t, r.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('users.list.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('users.list.search'), 'data-testid': 'user-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded sx={{ color: 'text.disabled' }} />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>

        {filtered && (
          <Box
            sx={{ px: 2.5, pb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Typography variant="body2">
              <strong>{figure(total)}</strong> {t('users.list.results', { count: total })}
            </Typography>
            {list.status && (
              <Chip
                size="small"
                label={`${t('users.fields.status')}: ${t(`users.status.${list.status}`)}`}
                onDelete={() => list.setStatus(undefined)}
              />
            )}
            {list.role && (
              <Chip
                size="small"
                label={`${t('users.fields.role')}: ${roleName(t, list.role)}`}
                onDelete={() => list.setRole('')}
              />
            )}
            {list.q && (
              <Chip
                size="small"
                label={`${t('users.list.keyword')}: ${list.q}`}
                onDelete={() => list.setQ('')}
              />
            )}
            <Button size="small" color="error" startIcon={<DeleteRounded />} onClick={list.reset}>
              {t('users.list.clear')}
            </Button>
          </Box>
        )}

        {canManage && (
          <UserBulkBar
            selected={selected}
            rows={rows}
            roles={(roles.data ?? []).map((r) => r.name)}
            canDelete={canDelete}
            setSelected={setAll}
          />
        )}

        <DataTable
          list="users"
          label={t('users.list.title')}
          columns={columns}
          rows={data?.users}
          getRowId={(u) => u.id}
          rowLabel={(u) => t('users.list.selectOne', { name: u.name })}
          loading={isLoading}
          fetching={isFetching}
          error={error && !data ? translateError(t, error) : undefined}
          onRetry={() => void refetch()}
          empty={
            <EmptyContent
              title={filtered ? t('users.list.noMatch') : t('users.list.empty')}
              description={filtered ? t('users.list.noMatchHint') : undefined}
              action={
                filtered ? (
                  <Button variant="outlined" onClick={list.reset}>
                    {t('users.list.clear')}
                  </Button>
                ) : undefined
              }
            />
          }
          selection={canManage ? { selected, toggle, setAll } : undefined}
          onOpen={canManage ? (u) => void navigate(paths.dashboard.user.edit(u.id)) : undefined}
          sort={{
            by: list.sort,
            dir: list.order,
            onSort: (by) =>
              list.setSort(
                by as typeof list.sort,
                list.sort === by && list.order === 'asc' ? 'desc' : 'asc',
              ),
          }}
          rowTestId="user-row"
        />

        <TablePagination
          component="div"
          count={pageCount}
          page={
            pageCount < 0
              ? list.page - 1
              : Math.min(list.page - 1, Math.max(0, Math.ceil(pageCount / list.limit) - 1))
          }
          rowsPerPage={list.limit}
          rowsPerPageOptions={[...ROWS_PER_PAGE]}
          onPageChange={(_e, p) => goToPage(p + 1)}
          onRowsPerPageChange={(e) => list.setLimit(Number(e.target.value))}
          labelRowsPerPage={t('users.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            count < 0
              ? t('users.list.displayedMore', { from, to })
              : t('users.list.displayed', { from, to, count })
          }
          showFirstButton={!narrow}
          showLastButton={!narrow}
          sx={{
            '& .MuiTablePagination-toolbar': {
              flexWrap: 'wrap',
              justifyContent: 'flex-end',
              px: { xs: 1, sm: 2 },
            },
          }}
        />
      </Card>

      <ConfirmDialog
        open={!!pending}
        busy={deleting.isLoading}
        title={t('users.list.confirmTitle')}
        content={pending ? t('users.list.confirmOne', { name: pending.user.name }) : ''}
        action={t('common.delete')}
        onClose={() => setPending(null)}
        onConfirm={() => void confirmDelete()}
      />
      {importing && (
        <Suspense fallback={null}>
          <UserImport onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {quickEdit && (
        <Suspense fallback={null}>
          <UserQuickEditDialog
            key={quickEdit.id}
            user={quickEdit}
            onClose={() => setQuickEdit(null)}
          />
        </Suspense>
      )}
    </>
  );
}
