import { visuallyHidden } from '../../lib/visually-hidden';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { useOutboxQuery } from './admin-api';
import type { OutboxMessage } from './admin-api';
import { AdminListError, AdminPagination } from './admin-list';
import { formatDateTime } from './format';
import { stackedTableSx } from './stacked-table-sx';
import { useListParams } from './use-list-params';

const COLUMNS = ['when', 'to', 'subject', 'status'] as const;
const FILTER_DELAY_MS = 350;

function OutboxRow({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = `outbox-body-${message.id}`;
  const status = message.status;
  const color = {
    sent: 'success',
    failed: 'error',
    retrying: 'warning',
    queued: 'info',
    kept: 'info',
  } as const;
  return (
    <>
      <TableRow
        hover
        data-testid="outbox-row"
        sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}
      >
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls={bodyId}
            aria-label={open ? t('admin.outbox.hideText') : t('admin.outbox.showText')}
          >
            <KeyboardArrowDownRounded
              sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          </IconButton>
        </TableCell>
        <TableCell data-label={t('admin.outbox.columns.when')} sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(message.createdAt, i18n.language)}
        </TableCell>
        <TableCell data-label={t('admin.outbox.columns.to')}>
          <Box component="span" dir="ltr" sx={{ wordBreak: 'break-all' }}>
            {message.to}
          </Box>
        </TableCell>
        <TableCell data-label={t('admin.outbox.columns.subject')}>{message.subject}</TableCell>
        <TableCell data-label={t('admin.outbox.columns.status')}>
          <Label color={color[status]}>{t(`admin.outbox.status.${status}`)}</Label>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS.length + 1} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box id={bodyId} sx={{ py: 2 }}>
              <Typography
                component="pre"
                variant="body2"
                data-testid="outbox-text"
                dir="auto"
                sx={{
                  m: 0,
                  whiteSpace: 'pre-wrap',
                  fontFamily: 'inherit',
                  bgcolor: 'background.neutral',
                  p: 2,
                  borderRadius: 1,
                }}
              >
                {message.text}
              </Typography>
              {message.deliveries.length > 0 && (
                <Box sx={{ mt: 1.5 }}>
                  <Typography variant="subtitle2" component="h3">
                    {t('admin.outbox.deliveries')}
                  </Typography>
                  <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3 }} data-testid="outbox-deliveries">
                    {message.deliveries.map((d) => (
                      <Typography component="li" variant="body2" key={d.at}>
                        {t('admin.outbox.delivery', {
                          time: formatDateTime(d.at, i18n.language),
                          result: d.error ?? t('admin.outbox.delivered'),
                        })}
                      </Typography>
                    ))}
                  </Box>
                </Box>
              )}
              {message.error && !message.sentAt && (
                <Alert severity={status === 'failed' ? 'error' : 'warning'} sx={{ mt: 1.5 }}>
                  {message.error}
                </Alert>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

export function OutboxTab() {
  const { t } = useTranslation();
  const { page, limit, filter: to, setPage, setLimit, setFilter } = useListParams('to');
  const [typed, setTyped] = useState(to);
  const { data, isFetching, isLoading, error, refetch } = useOutboxQuery({
    page,
    limit,
    to: to || undefined,
  });

  // The URL follows the box after a short pause, so each keystroke is not a request.
  useEffect(() => {
    const id = window.setTimeout(() => {
      if (typed.trim() !== to) setFilter(typed.trim());
    }, FILTER_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [typed, to, setFilter]);

  return (
    <Box>
      <Alert severity="info" sx={{ mx: 2.5, mt: 2.5 }}>
        {t('admin.outbox.about')}
      </Alert>
      <Box sx={{ p: 2.5, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          label={t('admin.outbox.filterTo')}
          placeholder={t('admin.outbox.filterToPlaceholder')}
          type="search"
          sx={{ width: { xs: 1, sm: 320 } }}
          slotProps={{
            inputLabel: { shrink: true },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded sx={{ color: 'text.disabled' }} />
                </InputAdornment>
              ),
            },
          }}
        />
        {data && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {t('admin.total', { count: data.total })}
          </Typography>
        )}
      </Box>

      {error ? (
        <AdminListError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              sx={stackedTableSx(640)}
              aria-label={t('admin.outbox.tab')}
              aria-busy={isFetching}
            >
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Box component="span" sx={visuallyHidden}>
                      {t('admin.outbox.columns.text')}
                    </Box>
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>{t(`admin.outbox.columns.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading &&
                  Array.from({ length: 5 }, (_, i) => (
                    <TableRow key={i}>
                      <TableCell padding="checkbox" />
                      {COLUMNS.map((column) => (
                        <TableCell key={column}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                {data?.messages.map((message) => (
                  <OutboxRow key={message.id} message={message} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data && data.messages.length === 0 && (
            <EmptyContent
              title={t('admin.outbox.empty')}
              action={
                to ? (
                  <Button
                    variant="outlined"
                    color="inherit"
                    onClick={() => {
                      setTyped('');
                      setFilter('');
                    }}
                  >
                    {t('admin.clearFilter')}
                  </Button>
                ) : undefined
              }
            />
          )}
          <AdminPagination
            total={data?.total}
            page={page}
            limit={limit}
            setPage={setPage}
            setLimit={setLimit}
          />
        </>
      )}
    </Box>
  );
}
