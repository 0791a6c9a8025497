import type { CalendarEvent } from '@bo/contract/calendar';
import type {
  DateSelectArg,
  DatesSetArg,
  EventChangeArg,
  EventClickArg,
  LocaleInput,
} from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import frLocale from '@fullcalendar/core/locales/fr';
import viLocale from '@fullcalendar/core/locales/vi';
import zhLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { forwardRef, useMemo, useState } from 'react';

export type CalendarViewName = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';

const LOCALES: Record<string, LocaleInput> = {
  fr: frLocale,
  vi: viLocale,
  cn: zhLocale,
  ar: arLocale,
};

type Props = {
  events: CalendarEvent[];
  view: CalendarViewName;
  initialDate?: string;
  language: string;
  direction: 'ltr' | 'rtl';
  editable: boolean;
  onDatesSet: (arg: DatesSetArg) => void;
  onSelect: (arg: DateSelectArg) => void;
  onEventClick: (arg: EventClickArg) => void;
  onEventChange: (arg: EventChangeArg) => void;
};

/**
 * FullCalendar with the theme's colours. Loaded lazily by the calendar screen only, so its
 * ~300 kB never reach another page. The toolbar is ours (MUI), driven through the ref.
 */
/** White or dark text on an event's colour, whichever reads better (WCAG 1.4.3). */
function readableOn(background: string, dark: string): string {
  const luminance = (hex: string) => {
    const h = hex.replace('#', '');
    const [r, g, b] = [0, 2, 4].map((i) => {
      const c = parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  if (!/^#[0-9a-f]{6}$/i.test(background)) return '#FFFFFF';
  const bg = luminance(background);
  const onWhite = 1.05 / (bg + 0.05);
  const onDark = (bg + 0.05) / (luminance(dark) + 0.05);
  return onWhite >= onDark ? '#FFFFFF' : dark;
}

/**
 * FullCalendar names each month cell by its day number alone (`aria-labelledby`), while the cell
 * also shows its events: a name without the visible text (WCAG 2.5.3). Without the reference the
 * cell is named by what it shows — the day and its events.
 */
function nameCellByContent({ el }: { el: HTMLElement }) {
  if (el.getAttribute('role') === 'gridcell') el.removeAttribute('aria-labelledby');
}

export const CalendarBoard = forwardRef<FullCalendar, Props>(function CalendarBoard(
  {
    events,
    view,
    initialDate,
    language,
    direction,
    editable,
    onDatesSet,
    onSelect,
    onEventClick,
    onEventChange,
  },
  ref,
) {
  const theme = useTheme();
  // Initial options are read once; later view changes go through the ref (changeView).
  const [initialView] = useState(view);
  const fcEvents = useMemo(
    () =>
      events.map((e) => ({
        id: e.id,
        title: e.title,
        start: e.start,
        end: e.end,
        allDay: e.allDay,
        backgroundColor: e.color,
        borderColor: e.color,
        textColor: readableOn(e.color, theme.palette.grey[800]),
        extendedProps: { description: e.description },
      })),
    [events, theme.palette.grey],
  );
  return (
    <Box
      data-testid="calendar-board"
      sx={{
        '--fc-border-color': theme.palette.divider,
        '--fc-page-bg-color': theme.palette.background.paper,
        '--fc-neutral-bg-color': theme.palette.background.neutral,
        '--fc-list-event-hover-bg-color': theme.palette.action.hover,
        '--fc-today-bg-color': alpha(theme.palette.primary.main, 0.08),
        '--fc-highlight-color': alpha(theme.palette.primary.main, 0.12),
        '--fc-now-indicator-color': theme.palette.error.main,
        '& .fc': { fontFamily: theme.typography.fontFamily, fontSize: 14 },
        '& .fc a': { color: 'inherit', textDecoration: 'none' },
        '& .fc .fc-col-header-cell-cushion': { py: 1, fontWeight: 600, color: 'text.secondary' },
        '& .fc .fc-daygrid-day-number': { p: 1, fontSize: 13 },
        // Days of the next and last month stay readable (FullCalendar fades them to 30 %).
        '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.disabled' },
        '& .fc .fc-event': { borderRadius: 0.75, px: 0.5, cursor: 'pointer' },
        '& .fc .fc-list-day-cushion': { bgcolor: 'background.neutral' },
        '& .fc .fc-list-event-title, & .fc .fc-list-event-time': { color: 'text.primary' },
        '& .fc .fc-scrollgrid': { borderRadius: 1 },
      }}
    >
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={initialView}
        initialDate={initialDate}
        headerToolbar={false}
        locales={Object.values(LOCALES)}
        locale={LOCALES[language] ?? 'en'}
        direction={direction}
        height="auto"
        contentHeight={640}
        dayMaxEventRows={3}
        nowIndicator
        selectable={editable}
        selectMirror
        editable={editable}
        eventResizableFromStart={editable}
        weekends
        events={fcEvents}
        datesSet={onDatesSet}
        select={onSelect}
        eventClick={onEventClick}
        eventChange={onEventChange}
        dayCellDidMount={nameCellByContent}
      />
    </Box>
  );
});
