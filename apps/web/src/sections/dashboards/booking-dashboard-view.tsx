import type { BookingStatus } from '@bo/contract/booking';
import { BOOKING_TRANSITIONS } from '@bo/contract/booking';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { notify } from '../../components/snackbar/notify';
import { useFormat } from '../../lib/format';
import { translateError } from '../../locales/form-errors';
import { useBookingQuery, useDecideReviewMutation, useMoveBookingMutation } from './booking-api';
import { DashboardFrame, useDashboardPage } from './dashboard-frame';
import { SeriesCard, StatCard, TableCard } from './dashboard-widgets';

export const BOOKING_STATUS_COLOR: Record<string, LabelColor> = {
  pending: 'warning',
  confirmed: 'info',
  checked_in: 'success',
  checked_out: 'default',
  cancelled: 'error',
};

/** The next steps of a booking, from a menu (each a PATCH of its status). */
export function BookingActions({ id, status }: { id: string; status: BookingStatus }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [, setParams] = useSearchParams();
  const [move, { isLoading }] = useMoveBookingMutation();
  const canWrite = useHasAccess(undefined, ['booking:write']);
  const next = canWrite ? BOOKING_TRANSITIONS[status] : [];
  const run = async (to: BookingStatus) => {
    setAnchor(null);
    try {
      await move({ id, status: to }).unwrap();
      notify.success(
        t('dashboards.booking.moved', { status: t(`dashboards.booking.status.${to}`) }),
      );
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('dashboards.booking.actions')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={isLoading}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setParams((p) => {
              p.set('booking', id);
              return p;
            });
          }}
        >
          {t('dashboards.booking.details')}
        </MenuItem>
        {next.map((to) => (
          <MenuItem key={to} onClick={() => run(to)}>
            {t(`dashboards.booking.to.${to}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function ReviewActions({ id }: { id: string }) {
  const { t } = useTranslation();
  const [decide, { isLoading }] = useDecideReviewMutation();
  const run = async (status: 'accepted' | 'rejected') => {
    try {
      await decide({ id, status }).unwrap();
      notify.success(t(`dashboards.booking.review.${status}`));
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="outlined"
        color="success"
        disabled={isLoading}
        onClick={() => run('accepted')}
      >
        {t('dashboards.booking.review.accept')}
      </Button>
      <Button size="small" color="error" disabled={isLoading} onClick={() => run('rejected')}>
        {t('dashboards.booking.review.reject')}
      </Button>
    </Stack>
  );
}

export function BookingDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data, isError } = useBookingQuery(id);
  const rows: Array<[string, string]> = data
    ? [
        [t('dashboards.booking.columns.guest'), `${data.guestName} · ${data.guestEmail}`],
        [t('dashboards.booking.columns.property'), `${data.propertyName}, ${data.city}`],
        [
          t('dashboards.booking.columns.room'),
          `${data.roomName} (${t(`dashboards.booking.kinds.${data.roomKind}`, { defaultValue: data.roomKind })})`,
        ],
        [t('dashboards.booking.columns.checkIn'), f.day(data.checkIn)],
        [t('dashboards.booking.columns.checkOut'), f.day(data.checkOut)],
        [t('dashboards.booking.columns.nights'), f.count(data.nights)],
        [t('dashboards.booking.columns.guests'), f.count(data.guests)],
        [t('dashboards.booking.columns.total'), f.money(data.total)],
        [t('dashboards.booking.columns.createdAt'), f.dateTime(data.createdAt)],
      ]
    : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('dashboards.booking.details')}</DialogTitle>
      <DialogContent>
        {isError && <Alert severity="error">{t('dashboards.error')}</Alert>}
        {!data && !isError && <Skeleton variant="rounded" height={240} />}
        {data && (
          <Stack spacing={1.5}>
            <Box>
              <Label color={BOOKING_STATUS_COLOR[data.status] ?? 'default'}>
                {t(`dashboards.booking.status.${data.status}`)}
              </Label>
            </Box>
            {rows.map(([k, v]) => (
              <Box key={k} sx={{ display: 'flex', gap: 2 }}>
                <Typography
                  variant="body2"
                  sx={{ color: 'text.secondary', width: 140, flexShrink: 0 }}
                >
                  {k}
                </Typography>
                <Typography variant="body2">
                  <bdi>{v}</bdi>
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {data && <BookingActions id={data.id} status={data.status} />}
        <Button onClick={onClose}>{t('dashboards.booking.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** /dashboard/booking — stays booked in a period, today's house, and what waits for a decision. */
export function BookingDashboardView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const opened = params.get('booking');
  const page = useDashboardPage('booking');
  const { data, from, to } = page;
  const canWrite = useHasAccess(undefined, ['booking:write']);
  const file = (id: string) => `booking-${id}-${from}-${to}`;
  const statusCell = (columnId: string, value: string | number | null) => {
    if (columnId === 'status' && typeof value === 'string')
      return (
        <Label color={BOOKING_STATUS_COLOR[value] ?? 'default'}>
          {t(`dashboards.booking.status.${value}`)}
        </Label>
      );
    if (columnId === 'rating' && typeof value === 'number')
      return (
        <Rating
          value={value}
          readOnly
          size="small"
          aria-label={t('dashboards.booking.stars', { count: value })}
        />
      );
    if (columnId === 'text' && typeof value === 'string')
      return (
        <Box
          component="span"
          dir="auto"
          sx={{ whiteSpace: 'normal', display: 'block', minWidth: 160 }}
        >
          {value}
        </Box>
      );
    return undefined;
  };
  const table = (id: string) => data?.tables.find((x) => x.id === id);
  const periodCards = data?.cards.filter((c) => c.spark.length > 0 || c.previous !== null) ?? [];
  const todayCards = data?.cards.filter((c) => c.spark.length === 0 && c.previous === null) ?? [];
  const close = () =>
    setParams((p) => {
      p.delete('booking');
      return p;
    });

  return (
    <>
      <DashboardFrame name="booking" page={page}>
        {(data) => (
          <>
            {periodCards.map((c) => (
              <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard card={c} label={t(`dashboards.booking.cards.${c.id}`)} />
              </Grid>
            ))}
            {todayCards.map((c) => (
              <Grid key={c.id} size={{ xs: 12, sm: 4 }}>
                <StatCard card={c} label={t(`dashboards.booking.cards.${c.id}`)} />
              </Grid>
            ))}
            {data.series.map((s) => (
              <Grid key={s.id} size={{ xs: 12, lg: 6 }}>
                <SeriesCard
                  series={s}
                  title={t(`dashboards.booking.series.${s.id}`)}
                  period={data.period}
                  fileName={file(s.id)}
                />
              </Grid>
            ))}
            {table('newestBookings') && (
              <Grid size={{ xs: 12 }} id="newestBookings">
                <TableCard
                  table={table('newestBookings')!}
                  title={t('dashboards.booking.tables.newestBookings')}
                  column={(id) => t(`dashboards.booking.columns.${id}`)}
                  cell={statusCell}
                  fileName={file('newest-bookings')}
                  empty={t('dashboards.noRows')}
                  rowAction={(row) => (
                    <BookingActions
                      id={row.id}
                      status={String(row.cells.status) as BookingStatus}
                    />
                  )}
                  actionLabel={t('dashboards.booking.actions')}
                />
              </Grid>
            )}
            {table('reviews') && (
              <Grid size={{ xs: 12, lg: 8 }}>
                <TableCard
                  table={table('reviews')!}
                  title={t('dashboards.booking.tables.reviews')}
                  column={(id) => t(`dashboards.booking.columns.${id}`)}
                  cell={statusCell}
                  fileName={file('reviews')}
                  empty={t('dashboards.booking.noReviews')}
                  rowAction={canWrite ? (row) => <ReviewActions id={row.id} /> : undefined}
                  actionLabel={t('dashboards.booking.actions')}
                />
              </Grid>
            )}
            {table('byStatus') && (
              <Grid size={{ xs: 12, lg: 4 }} id="byStatus">
                <TableCard
                  table={table('byStatus')!}
                  title={t('dashboards.booking.tables.byStatus')}
                  column={(id) => t(`dashboards.booking.columns.${id}`)}
                  cell={statusCell}
                  fileName={file('by-status')}
                  empty={t('dashboards.noRows')}
                />
              </Grid>
            )}
          </>
        )}
      </DashboardFrame>
      {opened && <BookingDetails id={opened} onClose={close} />}
    </>
  );
}
