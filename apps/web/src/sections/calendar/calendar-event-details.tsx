import { CALENDAR_ANSWERS } from '@bo/contract/calendar';
import type { CalendarAnswer, CalendarEvent } from '@bo/contract/calendar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { notify } from '../../components/snackbar/notify';
import { useFormat } from '../../lib/format';
import { translateError } from '../../locales/form-errors';
import { useRespondToEventMutation } from './calendar-api';
import { toInput } from './calendar-dates';
import { CalendarResponseLabel, RESPONSE_ICONS } from './calendar-response';

/** When the event is, in the reader's language: one day or a range of days, or a time range. */
function useWhen(event: CalendarEvent): string {
  const format = useFormat();
  if (event.allDay) {
    const first = toInput(new Date(event.start), true, false);
    const end = toInput(new Date(event.end), true, true);
    const last = end < first ? first : end;
    return first === last ? format.day(first) : `${format.day(first)} – ${format.day(last)}`;
  }
  return new Intl.DateTimeFormat(format.tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).formatRange(new Date(event.start), new Date(event.end));
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Accept / Maybe / Decline for a guest of the event: the current answer is pressed; pressing
 * another sends it at once. Answers the event as the server now has it.
 */
export function CalendarRsvp({
  event,
  onAnswered,
}: {
  event: CalendarEvent;
  onAnswered: (event: CalendarEvent) => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const labelId = useId();
  const [respond, { isLoading }] = useRespondToEventMutation();
  const mine = event.guests.find((g) => g.id === user?.id);
  // Kept here as well: the editor's form shows the event as it was opened.
  const [current, setCurrent] = useState<CalendarAnswer | null>(
    mine && mine.response !== 'needsAction' ? mine.response : null,
  );
  if (!mine) return null;

  const answer = async (response: CalendarAnswer | null) => {
    if (!response || response === current) return;
    try {
      const { event: updated } = await respond({ eventId: event.id, response }).unwrap();
      setCurrent(response);
      onAnswered(updated);
      notify.success(t('calendar.rsvp.sent'));
    } catch (error) {
      notify.error(translateError(t, error));
    }
  };

  return (
    <Box>
      <Typography
        id={labelId}
        variant="overline"
        component="p"
        sx={{ color: 'text.secondary', mb: 1 }}
      >
        {t('calendar.rsvp.label')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={current}
        disabled={isLoading}
        aria-labelledby={labelId}
        onChange={(_e, value: CalendarAnswer | null) => void answer(value)}
        sx={{ flexWrap: 'wrap' }}
      >
        {CALENDAR_ANSWERS.map((response) => {
          const Icon = RESPONSE_ICONS[response];
          return (
            <ToggleButton
              key={response}
              value={response}
              sx={(theme) => ({
                gap: 0.75,
                px: 1.5,
                // The main green on its own tint is too faint to read (2.8:1): a darker green in
                // light mode, a lighter one on dark paper.
                '&.Mui-selected, &.Mui-selected:hover': {
                  color:
                    theme.palette.mode === 'dark'
                      ? theme.palette.primary.light
                      : theme.palette.primary.dark,
                },
              })}
            >
              <Icon fontSize="small" />
              {t(`calendar.rsvp.${response}`)}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * An event seen by someone who may not change it (a guest, a colleague): what, when, who, and
 * the guests' answers; a guest answers from here. Nothing to save or delete.
 */
export function CalendarEventDetails({
  event: opened,
  onClose,
}: {
  event: CalendarEvent;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [event, setEvent] = useState(opened);
  const when = useWhen(event);

  return (
    <>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          component="span"
          aria-hidden
          sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: event.color, flexShrink: 0 }}
        />
        {event.title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Item label={t('calendar.details.when')}>
            <Typography variant="body1">{when}</Typography>
          </Item>
          {event.description && (
            <Item label={t('calendar.form.description')}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {event.description}
              </Typography>
            </Item>
          )}
          {event.owner && (
            <Item label={t('calendar.details.owner')}>
              <Typography variant="body2">{event.owner.name}</Typography>
            </Item>
          )}
          <Item label={t('calendar.form.guests')}>
            {event.guests.length ? (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {event.guests.map((guest) => (
                  <Stack
                    key={guest.id}
                    component="li"
                    direction="row"
                    spacing={1.5}
                    sx={{ alignItems: 'center' }}
                  >
                    <Avatar
                      src={guest.avatarUrl ?? undefined}
                      alt=""
                      sx={{ width: 28, height: 28, fontSize: 14 }}
                    >
                      {guest.name.charAt(0).toUpperCase()}
                    </Avatar>
                    <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
                      {guest.name}
                    </Typography>
                    <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                      <CalendarResponseLabel response={guest.response} />
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('calendar.form.guestsNone')}
              </Typography>
            )}
          </Item>
          <CalendarRsvp event={event} onAnswered={setEvent} />
        </Stack>
      </DialogContent>
      <DialogActions>
        {/* Focus starts here, not on the dialog's frame (a ring around it, and nothing to do). */}
        <Button variant="outlined" color="inherit" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </>
  );
}
