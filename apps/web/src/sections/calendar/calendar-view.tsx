import { CALENDAR_COLORS } from '@bo/contract/calendar';
import type { CalendarEvent } from '@bo/contract/calendar';
import type FullCalendar from '@fullcalendar/react';
import type { DateSelectArg, DatesSetArg, EventChangeArg, EventClickArg } from '@fullcalendar/core';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParamsMerger } from '../../lib/search-params';

import { useAuth } from '../../auth/auth-context';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { colorName } from './calendar-colors';
import { paths } from '../../routes/paths';
import { useCalendarEventsQuery, useCalendarLive, useUpdateEventMutation } from './calendar-api';
import type { CalendarViewName } from './calendar-board';
import type { DialogTarget } from './calendar-event-dialog';
import { DateField } from '../../components/form/date-field';

// FullCalendar is the heaviest piece of this screen: its own chunk, fetched on this screen only.
const CalendarBoard = lazy(() =>
  import('./calendar-board').then((m) => ({ default: m.CalendarBoard })),
);
// The event form (React Hook Form, zod, pickers) loads when an event is opened or created.
const CalendarEventDialog = lazy(() =>
  import('./calendar-event-dialog').then((m) => ({ default: m.CalendarEventDialog })),
);

const VIEWS: { value: CalendarViewName; key: string }[] = [
  { value: 'dayGridMonth', key: 'month' },
  { value: 'timeGridWeek', key: 'week' },
  { value: 'timeGridDay', key: 'day' },
  { value: 'listWeek', key: 'agenda' },
];
const isView = (v: string | null): v is CalendarViewName => VIEWS.some((x) => x.value === v);

/** Does the event overlap the chosen [from, to] days (either bound optional)? */
function inRange(e: CalendarEvent, from: string, to: string) {
  if (from && new Date(e.end) < new Date(`${from}T00:00:00`)) return false;
  if (to && new Date(e.start) > new Date(`${to}T23:59:59.999`)) return false;
  return true;
}

/** /dashboard/calendar. View, anchor date and filters live in the URL. */
export function CalendarView() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { user } = useAuth();
  const canWrite = !!user?.permissions.includes('calendar:write');
  const [params, setParam] = useSearchParamsMerger();
  const calendarRef = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  // Read once: FullCalendar treats a changed initial date as a new calendar.
  const [initialDate] = useState(() => params.get('date') ?? undefined);
  const [title, setTitle] = useState('');
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [updateEvent] = useUpdateEventMutation();
  useCalendarLive();

  const view: CalendarViewName = isView(params.get('view'))
    ? (params.get('view') as CalendarViewName)
    : phone
      ? 'listWeek'
      : 'dayGridMonth';
  const colors = (params.get('colors') ?? '').split(',').filter(Boolean);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filterCount = (colors.length ? 1 : 0) + (from || to ? 1 : 0);

  const { data, currentData, isFetching, error } = useCalendarEventsQuery(
    range ?? { start: '', end: '' },
    { skip: !range },
  );

  // A link to one event (a notification: `?date=…&event=…`) opens it once its range has loaded;
  // the parameter is then dropped, so closing the dialog and reloading do not reopen it.
  const linkedEvent = params.get('event');
  useEffect(() => {
    if (!linkedEvent || !currentData) return;
    const found = currentData.events.find((e) => e.id === linkedEvent);
    if (found) setTarget({ event: found });
    else notify.error(t('calendar.eventGone'));
    setParam({ event: null });
  }, [linkedEvent, currentData, setParam, t]);
  const events = useMemo(
    () =>
      (data?.events ?? []).filter(
        (e) => (!colors.length || colors.includes(e.color.toUpperCase())) && inRange(e, from, to),
      ),
    // colors is rebuilt each render from the URL; its string form is the real dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, colors.join(','), from, to],
  );

  const api = () => calendarRef.current?.getApi();

  // The URL (back button, a shared link, a phone rotating) decides the view.
  useEffect(() => {
    const calendar = calendarRef.current?.getApi();
    if (calendar && calendar.view.type !== view) calendar.changeView(view);
  }, [view]);

  const onDatesSet = (arg: DatesSetArg) => {
    setTitle(arg.view.title);
    const next = { start: arg.start.toISOString(), end: arg.end.toISOString() };
    // FullCalendar reports its dates after every render; only a real change may set state.
    setRange((prev) => (prev && prev.start === next.start && prev.end === next.end ? prev : next));
    const anchor = arg.view.currentStart;
    const day = `${anchor.getFullYear()}-${String(anchor.getMonth() + 1).padStart(2, '0')}-${String(anchor.getDate()).padStart(2, '0')}`;
    if (params.get('date') !== day) setParam({ date: day });
  };

  const onEventChange = (arg: EventChangeArg) => {
    const e = arg.event;
    const start = e.start;
    if (!start) return arg.revert();
    // FullCalendar drops the end of a one-slot or one-day event; rebuild it from the default length.
    const end = e.end ?? new Date(start.getTime() + (e.allDay ? 86_400_000 : 3_600_000));
    updateEvent({
      eventId: e.id,
      event: { start: start.toISOString(), end: end.toISOString(), allDay: e.allDay },
    })
      .unwrap()
      .then(
        () => notify.success(t('calendar.updated')),
        (err: unknown) => {
          arg.revert();
          notify.error(translateError(t, err));
        },
      );
  };

  const onEventClick = (arg: EventClickArg) => {
    const found = data?.events.find((e) => e.id === arg.event.id);
    if (found) setTarget({ event: found });
  };

  const onSelect = (arg: DateSelectArg) => {
    setTarget({ start: arg.start, end: arg.end, allDay: arg.allDay });
    api()?.unselect();
  };

  const newEvent = () => {
    const start = new Date();
    start.setMinutes(0, 0, 0);
    start.setHours(start.getHours() + 1);
    setTarget({ start, end: new Date(start.getTime() + 3_600_000), allDay: false });
  };

  const toggleColor = (color: string) => {
    const next = colors.includes(color) ? colors.filter((c) => c !== color) : [...colors, color];
    setParam({ colors: next.join(',') || null });
  };

  const rtl = theme.direction === 'rtl';
  const PrevIcon = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const NextIcon = rtl ? ChevronLeftIcon : ChevronRightIcon;

  return (
    <>
      <PageHeader
        title={t('calendar.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('calendar.title') },
        ]}
        action={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={newEvent}>
              {t('calendar.newEvent')}
            </Button>
          )
        }
      />

      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{
            p: 2,
            alignItems: { xs: 'stretch', md: 'center' },
            justifyContent: 'space-between',
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button size="small" variant="outlined" color="inherit" onClick={() => api()?.today()}>
              {t('calendar.today')}
            </Button>
            <IconButton aria-label={t('calendar.previous')} onClick={() => api()?.prev()}>
              <PrevIcon />
            </IconButton>
            <IconButton aria-label={t('calendar.next')} onClick={() => api()?.next()}>
              <NextIcon />
            </IconButton>
            <Typography
              variant="h6"
              component="h2"
              data-testid="calendar-title"
              sx={{ flexGrow: 1, fontSize: { xs: 16, sm: 18 } }}
            >
              {title}
            </Typography>
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          >
            <ToggleButtonGroup
              exclusive
              size="small"
              value={view}
              aria-label={t('calendar.views.label')}
              onChange={(_e, value: CalendarViewName | null) => {
                if (!value) return;
                setParam({ view: value });
                api()?.changeView(value);
              }}
            >
              {VIEWS.map((v) => (
                <ToggleButton key={v.value} value={v.value} sx={{ px: { xs: 1, sm: 1.5 } }}>
                  {t(`calendar.views.${v.key}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <IconButton
              // The badge's count is part of the name, as it is of what the button shows.
              aria-label={`${t('calendar.filters.open')}${filterCount ? ` (${filterCount})` : ''}`}
              onClick={(e) => setFilterAnchor(e.currentTarget)}
            >
              {/* No hidden badge holding a number the name lacks (WCAG 2.5.3). */}
              {filterCount > 0 ? (
                <Badge color="primary" badgeContent={filterCount}>
                  <FilterListIcon />
                </Badge>
              ) : (
                <FilterListIcon />
              )}
            </IconButton>
          </Stack>
        </Stack>

        {filterCount > 0 && (
          <Stack
            direction="row"
            sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            {colors.map((c) => (
              <Chip
                key={c}
                size="small"
                label={colorName(t, c)}
                avatar={<Box component="span" sx={{ bgcolor: c, borderRadius: '50%' }} />}
                onDelete={() => toggleColor(c)}
              />
            ))}
            {(from || to) && (
              <Chip
                size="small"
                label={t('calendar.filters.rangeChip', { from: from || '…', to: to || '…' })}
                onDelete={() => setParam({ from: null, to: null })}
              />
            )}
            <Button
              size="small"
              color="error"
              onClick={() => setParam({ colors: null, from: null, to: null })}
            >
              {t('calendar.filters.clear')}
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('calendar.filters.results', { count: events.length })}
            </Typography>
          </Stack>
        )}

        {error && (
          <Typography role="alert" color="error" sx={{ px: 2, pb: 2 }}>
            {translateError(t, error)}
          </Typography>
        )}

        <Box sx={{ px: { xs: 1, sm: 2 }, pb: 2, position: 'relative' }} aria-busy={isFetching}>
          <Suspense fallback={<Skeleton variant="rounded" height={640} />}>
            <CalendarBoard
              ref={calendarRef}
              events={events}
              view={view}
              initialDate={initialDate}
              language={i18n.resolvedLanguage ?? i18n.language}
              direction={rtl ? 'rtl' : 'ltr'}
              editable={canWrite}
              onDatesSet={onDatesSet}
              onSelect={onSelect}
              onEventClick={onEventClick}
              onEventChange={onEventChange}
            />
          </Suspense>
        </Box>
      </Card>

      <Popover
        open={!!filterAnchor}
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { p: 2.5, width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography variant="subtitle1" sx={{ mb: 2 }}>
          {t('calendar.filters.title')}
        </Typography>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('calendar.filters.colors')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2.5 }}>
          {CALENDAR_COLORS.map((c) => {
            const on = colors.includes(c);
            return (
              <Box
                key={c}
                component="button"
                type="button"
                aria-pressed={on}
                aria-label={t('calendar.form.colorOption', { color: colorName(t, c) })}
                onClick={() => toggleColor(c)}
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  bgcolor: c,
                  border: 'none',
                  cursor: 'pointer',
                  outline: on ? '3px solid' : 'none',
                  outlineColor: 'text.primary',
                  outlineOffset: 2,
                  opacity: colors.length && !on ? 0.4 : 1,
                }}
              />
            );
          })}
        </Stack>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('calendar.filters.range')}
        </Typography>
        <Stack spacing={2}>
          <DateField
            type="date"
            size="small"
            label={t('calendar.filters.from')}
            value={from}
            onChange={(e) => setParam({ from: e.target.value || null })}
          />
          <DateField
            type="date"
            size="small"
            label={t('calendar.filters.to')}
            value={to}
            error={!!from && !!to && to < from}
            helperText={from && to && to < from ? t('errors.field.end_before_start') : undefined}
            onChange={(e) => setParam({ to: e.target.value || null })}
          />
          {from && (
            <Button size="small" onClick={() => api()?.gotoDate(from)}>
              {t('calendar.filters.goToStart')}
            </Button>
          )}
        </Stack>
      </Popover>

      {target && (
        <Suspense fallback={null}>
          <CalendarEventDialog
            target={target}
            canWrite={canWrite}
            onClose={() => setTarget(null)}
          />
        </Suspense>
      )}
    </>
  );
}
