import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

import { translateError } from '../../locales/form-errors';
import { ROWS_PER_PAGE } from './use-list-params';

/** A list that could not be read: what went wrong, and a retry. */
export function AdminListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={{ mx: 2.5, mb: 2.5 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('admin.retry')}
        </Button>
      }
    >
      {translateError(t, error)}
    </Alert>
  );
}

/** Page and page size of an administration list, from `useListParams` (its pages are 1-based). */
export function AdminPagination({
  total,
  page,
  limit,
  setPage,
  setLimit,
}: {
  /** Undefined until the first answer. */
  total: number | undefined;
  page: number;
  limit: number;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total ?? 0}
      page={total ? page - 1 : 0}
      rowsPerPage={limit}
      rowsPerPageOptions={[...ROWS_PER_PAGE]}
      onPageChange={(_event, next) => setPage(next + 1)}
      onRowsPerPageChange={(event) => setLimit(Number(event.target.value))}
      labelRowsPerPage={t('admin.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('admin.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(`admin.pageNav.${type}`)}
    />
  );
}
