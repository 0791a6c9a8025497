import { USER_STATUSES } from '@bo/contract/account';
import type { UserStatus } from '@bo/contract/account';
import type { User, UserSort } from '@bo/contract/users';
import { USER_LIST_MAX_OFFSET, USER_SEARCH_COUNT_CAP } from '@bo/contract/users';
import { USER_EXPORT_MAX } from '@bo/contract/users-transfer';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { WIDE_ONLY } from '../../components/table/phone';
import { isAdmin, useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { LocaleArea } from '../../locales/locale-area';
import { paths } from '../../routes/paths';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { roleName } from '../../lib/audit-labels';
import { STATUS_COLOR, userErrorMessage } from './user-status';
import { UserTableRow } from './user-table-row';
import { ROWS_PER_PAGE, useUserListParams } from './use-user-list-params';
import {
  downloadUsers,
  useBulkDeleteUsersMutation,
  useDeleteUserMutation,
  useRolesQuery,
  useUsersQuery,
} from './users-api';

// The import dialog (stepper, tables) loads when it is opened.
const UserImportDialog = lazy(() =>
  import('./user-import-dialog').then((m) => ({ default: m.UserImportDialog })),
);

// The quick-edit form (React Hook Form, zod, autocomplete) loads when it is opened.
const UserQuickEditDialog = lazy(() =>
  import('./user-quick-edit-dialog').then((m) => ({ default: m.UserQuickEditDialog })),
);

type Column = {
  id: string;
  sort?: UserSort;
  align?: 'center' | 'right';
  width?: number;
  wide?: boolean;
};
/** `wide`: left out on a phone (the row folds the role under the name; status and actions stay). */
const COLUMNS: Column[] = [
  { id: 'name', sort: 'name' },
  { id: 'phone', wide: true },
  { id: 'company', sort: 'company', wide: true },
  { id: 'role', sort: 'role', wide: true },
  { id: 'verified', sort: 'verified', align: 'center', wide: true },
  { id: 'status', sort: 'status' },
];

type Pending = { kind: 'one'; user: User } | { kind: 'many'; ids: string[] } | null;

export function UserListView() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const canManage = isAdmin(me) || !!me?.permissions.includes('users:write');
  const list = useUserListParams();
  // At phone width the first/last buttons push the pager out of the card.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const roles = useRolesQuery();
  const { data, isFetching, isLoading, error } = useUsersQuery({
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
  const [bulkDelete, bulkDeleting] = useBulkDeleteUsersMutation();
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const [quickEdit, setQuickEdit] = useState<User | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const exportAs = (format: 'csv' | 'xlsx') => {
    setExportAnchor(null);
    const filters = Object.fromEntries(
      Object.entries({
        q: list.q,
        role: list.role,
        status: list.status ?? '',
        sort: list.sort,
        order: list.order,
      }).filter(([, v]) => v),
    );
    downloadUsers(format, filters, i18n.language).catch((e: unknown) => {
      const code = isHttpError(e) ? e.details?.[0]?.code : undefined;
      notify.error(
        code === 'export_too_large'
          ? t('users.transfer.errors.export_too_large', { maximum: USER_EXPORT_MAX })
          : translateError(t, e),
      );
    });
  };

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
    () => setSelected([]),
    [list.page, list.limit, list.q, list.role, list.status, list.sort, list.order],
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
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));
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
      if (pending.kind === 'one') {
        await deleteUser(pending.user.id).unwrap();
        notify.success(t('users.list.deleted', { name: pending.user.name }));
      } else {
        const answer = await bulkDelete(pending.ids).unwrap();
        notify.success(t('users.list.deletedMany', { count: answer.deleted }));
        setSelected([]);
      }
      // The last row of the last page gone: step back a page.
      if (rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
    } catch (err) {
      notify.error(userErrorMessage(t, err));
    } finally {
      setPending(null);
    }
  };

  const sortBy = (sort: UserSort) =>
    list.setSort(sort, list.sort === sort && list.order === 'asc' ? 'desc' : 'asc');

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
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<FileDownloadOutlined />}
              aria-haspopup="menu"
              aria-expanded={exportAnchor ? 'true' : undefined}
              data-testid="users-export"
              onClick={(e) => setExportAnchor(e.currentTarget)}
            >
              {t('users.transfer.export')}
            </Button>
            <Menu
              anchorEl={exportAnchor}
              open={!!exportAnchor}
              onClose={() => setExportAnchor(null)}
            >
              {(['csv', 'xlsx'] as const).map((format) => (
                <MenuItem key={format} onClick={() => exportAs(format)}>
                  {t(`users.transfer.exportAs.${format}`)}
                </MenuItem>
              ))}
            </Menu>
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

        {error && (
          <Alert severity="error" sx={{ mx: 2.5, mb: 2 }}>
            {translateError(t, error)}
          </Alert>
        )}

        <Box sx={{ position: 'relative' }}>
          {canManage && selected.length > 0 && (
            <Box
              sx={{
                position: 'absolute',
                inset: '0 0 auto 0',
                zIndex: 2,
                height: list.dense ? 38 : 58,
                pl: 1,
                pr: 2,
                display: 'flex',
                alignItems: 'center',
                bgcolor: 'primary.lighter',
              }}
            >
              <Checkbox
                indeterminate={!allOnPage}
                checked={allOnPage}
                onChange={() => setSelected(allOnPage ? [] : rows.map((r) => r.id))}
                slotProps={{ input: { 'aria-label': t('users.list.selectAll') } }}
              />
              <Typography variant="subtitle2" sx={{ flexGrow: 1, ml: 1 }}>
                {t('users.list.selected', { count: selected.length })}
              </Typography>
              <Tooltip title={t('common.delete')}>
                <IconButton
                  color="error"
                  onClick={() => setPending({ kind: 'many', ids: selected })}
                  aria-label={t('users.list.deleteSelected')}
                  data-testid="bulk-delete"
                >
                  <DeleteRounded />
                </IconButton>
              </Tooltip>
            </Box>
          )}
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              size={list.dense ? 'small' : 'medium'}
              sx={(theme) => ({
                minWidth: { sm: 900 },
                // A phone keeps the row within the screen: narrower cells, none for the actions.
                [theme.breakpoints.down('sm')]: {
                  '& td, & th': { px: 1 },
                  '& .MuiTableCell-paddingCheckbox': { px: 0 },
                  '& td:last-of-type, & th:last-of-type': { px: 0 },
                },
              })}
              aria-busy={isFetching}
            >
              <TableHead>
                <TableRow>
                  {canManage && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        indeterminate={selected.length > 0 && !allOnPage}
                        checked={allOnPage}
                        disabled={rows.length === 0}
                        onChange={() => setSelected(allOnPage ? [] : rows.map((r) => r.id))}
                        slotProps={{ input: { 'aria-label': t('users.list.selectAll') } }}
                      />
                    </TableCell>
                  )}
                  {COLUMNS.map((c) => (
                    <TableCell
                      key={c.id}
                      align={c.align}
                      sortDirection={c.sort && list.sort === c.sort ? list.order : false}
                      sx={c.wide ? WIDE_ONLY : undefined}
                    >
                      {c.sort ? (
                        <TableSortLabel
                          active={list.sort === c.sort}
                          direction={list.sort === c.sort ? list.order : 'asc'}
                          onClick={() => sortBy(c.sort!)}
                        >
                          {t(`users.list.columns.${c.id}`)}
                        </TableSortLabel>
                      ) : (
                        t(`users.list.columns.${c.id}`)
                      )}
                    </TableCell>
                  ))}
                  {canManage && (
                    <TableCell
                      sx={{ width: { xs: 48, sm: 96 } }}
                      aria-label={t('users.list.columns.actions')}
                    />
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading &&
                  Array.from({ length: Math.min(list.limit, 10) }, (_, i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={COLUMNS.length + (canManage ? 2 : 0)}>
                        <Skeleton variant="rounded" height={list.dense ? 20 : 36} />
                      </TableCell>
                    </TableRow>
                  ))}
                {!isLoading &&
                  rows.map((u) => (
                    <UserTableRow
                      key={u.id}
                      user={u}
                      canManage={canManage}
                      selected={selected.includes(u.id)}
                      onSelect={() =>
                        setSelected((s) =>
                          s.includes(u.id) ? s.filter((id) => id !== u.id) : [...s, u.id],
                        )
                      }
                      onQuickEdit={() => setQuickEdit(u)}
                      onDelete={() => setPending({ kind: 'one', user: u })}
                    />
                  ))}
                {!isLoading && !error && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length + (canManage ? 2 : 0)}>
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
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>

        <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            sx={{ pl: 2, py: 1.5, flexGrow: 1 }}
            label={t('users.list.dense')}
            control={
              <Switch checked={list.dense} onChange={(e) => list.setDense(e.target.checked)} />
            }
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
        </Box>
      </Card>

      <ConfirmDialog
        open={!!pending}
        busy={deleting.isLoading || bulkDeleting.isLoading}
        title={t('users.list.confirmTitle')}
        content={
          pending?.kind === 'one'
            ? t('users.list.confirmOne', { name: pending.user.name })
            : t('users.list.confirmMany', {
                count: pending?.kind === 'many' ? pending.ids.length : 0,
              })
        }
        action={t('common.delete')}
        onClose={() => setPending(null)}
        onConfirm={() => void confirmDelete()}
      />
      {importing && (
        <Suspense fallback={null}>
          {/* The dialog's words are a section of their own, loaded when it opens. */}
          <LocaleArea area="users-import">
            <UserImportDialog open onClose={() => setImporting(false)} />
          </LocaleArea>
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
