import type { Booking, BookingStatus } from '@bo/contract/booking';
import { BOOKING_STATUSES } from '@bo/contract/booking';
import { DASHBOARD_EVENTS } from '@bo/contract/dashboards';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../lib/format';
import { subscribeRealtime } from '../../lib/realtime';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { paths } from '../../routes/paths';
import { useBookingsQuery } from './booking-api';
import { BOOKING_STATUS_COLOR, BookingActions, BookingDetails } from './booking-dashboard-view';
import { ShowMore } from './paged-table';
import { DataTable, type DataColumn } from '../../components/data-table/data-table';
import { DateField } from '../../components/form/date-field';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SOLD = 'confirmed,checked_in,checked_out';

/**
 * /dashboard/booking/list — the bookings behind the booking dashboard's figures: made in a
 * period, of a status (or "sold"), newest first, one page after another; filters in the URL.
 */
export function BookingListView() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status =
    asked === SOLD || (BOOKING_STATUSES as readonly string[]).includes(asked) ? asked : '';
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const opened = params.get('booking');
  const filterKey = `${status}|${from}|${to}`;
  const { cursor, rows, keep, more } = useCursorPages<Booking>(filterKey);
  const { data, isFetching, isError, refetch } = useBookingsQuery({
    status: status || undefined,
    from: from || undefined,
    to: to || undefined,
    cursor,
  });
  useEffect(() => {
    if (data) keep(data.bookings);
  }, [data, keep]);
  useEffect(
    () =>
      subscribeRealtime((e) => {
        if (e.type === DASHBOARD_EVENTS.bookingChanged) void refetch();
      }),
    [refetch],
  );
  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        return p;
      },
      { replace: true },
    );
  const close = () =>
    setParams((p) => {
      p.delete('booking');
      return p;
    });

  const columns: Array<DataColumn<Booking>> = [
    {
      id: 'guest',
      header: t('dashboards.booking.columns.guest'),
      required: true,
      width: 200,
      cell: (b) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {b.guestName}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {f.dateTime(b.createdAt)}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'property',
      header: t('dashboards.booking.columns.property'),
      width: 220,
      cell: (b) => `${b.propertyName} · ${b.roomName}`,
    },
    {
      id: 'checkIn',
      header: t('dashboards.booking.columns.checkIn'),
      width: 130,
      cell: (b) => f.day(b.checkIn),
    },
    {
      id: 'checkOut',
      header: t('dashboards.booking.columns.checkOut'),
      width: 130,
      cell: (b) => f.day(b.checkOut),
    },
    {
      id: 'nights',
      header: t('dashboards.booking.columns.nights'),
      align: 'right',
      width: 90,
      cell: (b) => f.count(b.nights),
    },
    {
      id: 'total',
      header: t('dashboards.booking.columns.total'),
      align: 'right',
      width: 120,
      cell: (b) => <bdi>{f.money(b.total)}</bdi>,
    },
    {
      id: 'status',
      header: t('dashboards.booking.columns.status'),
      width: 140,
      cell: (b) => (
        <Label color={BOOKING_STATUS_COLOR[b.status] ?? 'default'}>
          {t(`dashboards.booking.status.${b.status}`)}
        </Label>
      ),
    },
    {
      id: 'actions',
      header: t('dashboards.booking.actions'),
      hideHeader: true,
      align: 'right',
      width: 80,
      cell: (b) => <BookingActions id={b.id} status={b.status as BookingStatus} />,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('dashboards.booking.list.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('dashboards.booking.title'), href: paths.dashboard.general.booking },
          { name: t('dashboards.booking.list.title') },
        ]}
      />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <TextField
            select
            size="small"
            label={t('dashboards.booking.columns.status')}
            value={status}
            onChange={(e) => set('status', e.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('dashboards.booking.list.all')}</MenuItem>
            <MenuItem value={SOLD}>{t('dashboards.booking.cards.sold')}</MenuItem>
            {BOOKING_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`dashboards.booking.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            type="date"
            size="small"
            label={t('dashboards.booking.list.madeFrom')}
            value={from}
            onChange={(e) => set('from', e.target.value)}
          />
          <DateField
            type="date"
            size="small"
            label={t('dashboards.booking.list.madeTo')}
            value={to}
            onChange={(e) => set('to', e.target.value)}
          />
        </Stack>
        <DataTable
          list="bookings"
          label={t('dashboards.booking.list.title')}
          columns={columns}
          rows={rows}
          getRowId={(b) => b.id}
          rowLabel={(b) => b.guestName}
          loading={isFetching}
          error={isError && !rows.length ? t('dashboards.error') : undefined}
          onRetry={() => void refetch()}
          empty={
            <Typography variant="body2" sx={{ color: 'text.secondary', p: 3 }}>
              {t('dashboards.booking.list.none')}
            </Typography>
          }
        />
        <ShowMore
          next={data?.nextCursor}
          fetching={isFetching}
          label={t('dashboards.booking.list.more')}
          onMore={more}
        />
      </Card>
      {opened && <BookingDetails id={opened} onClose={close} />}
    </Box>
  );
}
