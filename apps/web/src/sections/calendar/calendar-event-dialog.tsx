import { CALENDAR_COLORS, calendarEventFormSchema } from '@bo/contract/calendar';
import type { CalendarEvent, CalendarEventForm } from '@bo/contract/calendar';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { notify } from '../../components/snackbar/notify';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import {
  useCreateEventMutation,
  useDeleteEventMutation,
  useUpdateEventMutation,
} from './calendar-api';
import { colorName } from './calendar-colors';
import { CalendarEventDetails, CalendarRsvp } from './calendar-event-details';
import { CalendarGuestsField, type GuestEntry } from './calendar-guests-field';
import { fromInput, toInput } from './calendar-dates';
import { DateField } from '../../components/form/date-field';

/** What opens the dialog: an event to edit, or a range to create (from a selection or the button). */
export type DialogTarget = { event: CalendarEvent } | { start: Date; end: Date; allDay: boolean };

type Props = { target: DialogTarget | null; canWrite: boolean; onClose: () => void };

const FIELDS = ['title', 'description', 'color', 'allDay', 'start', 'end'] as const;
type Field = (typeof FIELDS)[number] | 'guestIds';

/** An all-day end shown as its last day never falls before the start day. */
const notBefore = (start: string, end: string) => (end < start ? start : end);

function initialValues(target: DialogTarget): CalendarEventForm {
  if ('event' in target) {
    const e = target.event;
    return {
      title: e.title,
      description: e.description,
      color: e.color,
      allDay: e.allDay,
      start: toInput(new Date(e.start), e.allDay, false),
      end: notBefore(
        toInput(new Date(e.start), e.allDay, false),
        toInput(new Date(e.end), e.allDay, true),
      ),
    };
  }
  return {
    title: '',
    description: '',
    color: CALENDAR_COLORS[0],
    allDay: target.allDay,
    start: toInput(target.start, target.allDay, false),
    end: notBefore(
      toInput(target.start, target.allDay, false),
      toInput(target.end, target.allDay, true),
    ),
  };
}

/**
 * The event's form for who may change it (a new event, one's own, or any with calendar:manage);
 * for everyone else, guests included, the event read-only — a guest answers the invitation there.
 */
export function CalendarEventDialog({ target, canWrite, onClose }: Props) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { user } = useAuth();
  const event = target && 'event' in target ? target.event : null;
  const mayEdit =
    canWrite &&
    (!event ||
      (!!event.owner && event.owner.id === user?.id) ||
      !!user?.permissions.includes('calendar:manage'));
  return (
    <Dialog open={!!target} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      {target &&
        (event && !mayEdit ? (
          <CalendarEventDetails event={event} onClose={onClose} />
        ) : (
          <EventForm target={target} canWrite={canWrite} onClose={onClose} />
        ))}
    </Dialog>
  );
}

function EventForm({
  target,
  canWrite,
  onClose,
}: {
  target: DialogTarget;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editing = 'event' in target ? target.event : null;
  const [createEvent] = useCreateEventMutation();
  const [updateEvent] = useUpdateEventMutation();
  const [deleteEvent, { isLoading: deleting }] = useDeleteEventMutation();
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Guests are people (name, picture and answer), kept beside the form's plain fields.
  const [guests, setGuests] = useState<GuestEntry[]>(editing?.guests ?? []);
  const { user } = useAuth();
  const ownerId = editing ? (editing.owner?.id ?? null) : (user?.id ?? null);
  const [guestError, setGuestError] = useState<string | undefined>();
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CalendarEventForm>({
    resolver: zodResolver(calendarEventFormSchema, { error: zodErrorMap(t) }),
    defaultValues: initialValues(target),
  });
  const allDay = watch('allDay');

  const message = (text?: string) =>
    text ? t(`errors.field.${text}`, { defaultValue: text }) : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const body = {
      title: values.title,
      description: values.description,
      color: values.color,
      allDay: values.allDay,
      start: fromInput(values.start, values.allDay, false),
      end: fromInput(values.end, values.allDay, true),
      guestIds: guests.map((g) => g.id),
    };
    try {
      if (editing) await updateEvent({ eventId: editing.id, event: body }).unwrap();
      else await createEvent(body).unwrap();
      notify.success(editing ? t('calendar.updated') : t('calendar.created'));
      onClose();
    } catch (error) {
      const onField = (field: Field, e: { type: string; message: string }) => {
        if (field === 'guestIds') setGuestError(e.message);
        else setError(field, e);
      };
      if (!applyServerFieldErrors(t, error, onField, [...FIELDS, 'guestIds']))
        setServerError(translateError(t, error));
    }
  });

  const remove = async () => {
    if (!editing) return;
    try {
      await deleteEvent({ eventId: editing.id }).unwrap();
      notify.success(t('calendar.deleted'));
      onClose();
    } catch (error) {
      notify.error(translateError(t, error));
    }
  };

  if (confirming && editing) {
    return (
      <>
        <DialogTitle>{t('calendar.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('calendar.deleteConfirm', { title: editing.title })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            disabled={deleting}
            onClick={() => void remove()}
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>{editing ? t('calendar.editEvent') : t('calendar.newEvent')}</Box>
        {editing && canWrite && (
          <Tooltip title={t('calendar.delete')}>
            <IconButton aria-label={t('calendar.delete')} onClick={() => setConfirming(true)}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {serverError && (
            <Typography color="error" variant="body2" role="alert">
              {serverError}
            </Typography>
          )}
          <TextField
            label={t('calendar.form.title')}
            autoFocus={!editing}
            fullWidth
            disabled={!canWrite}
            error={!!errors.title}
            helperText={message(errors.title?.message)}
            {...register('title')}
          />
          <TextField
            label={t('calendar.form.description')}
            multiline
            minRows={3}
            fullWidth
            disabled={!canWrite}
            error={!!errors.description}
            helperText={message(errors.description?.message)}
            {...register('description')}
          />
          <Controller
            name="allDay"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={t('calendar.form.allDay')}
                disabled={!canWrite}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(_e, checked) => {
                      // Keep the chosen days when switching between date and date-time inputs.
                      const start = getValues('start');
                      const end = getValues('end');
                      field.onChange(checked);
                      setValue(
                        'start',
                        checked ? start.slice(0, 10) : `${start.slice(0, 10)}T09:00`,
                      );
                      setValue('end', checked ? end.slice(0, 10) : `${end.slice(0, 10)}T10:00`);
                    }}
                  />
                }
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              name="start"
              control={control}
              render={({ field }) => (
                <DateField
                  {...field}
                  type={allDay ? 'date' : 'datetime-local'}
                  label={t('calendar.form.start')}
                  fullWidth
                  disabled={!canWrite}
                  error={!!errors.start}
                  helperText={message(errors.start?.message)}
                />
              )}
            />
            <Controller
              name="end"
              control={control}
              render={({ field }) => (
                <DateField
                  {...field}
                  type={allDay ? 'date' : 'datetime-local'}
                  label={t('calendar.form.end')}
                  fullWidth
                  disabled={!canWrite}
                  error={!!errors.end}
                  helperText={message(errors.end?.message)}
                />
              )}
            />
          </Stack>
          <Controller
            name="color"
            control={control}
            render={({ field }) => (
              <Box>
                <Typography
                  variant="overline"
                  component="p"
                  id="event-colour"
                  sx={{ color: 'text.secondary', mb: 1 }}
                >
                  {t('calendar.form.color')}
                </Typography>
                <Stack
                  direction="row"
                  role="radiogroup"
                  aria-labelledby="event-colour"
                  sx={{ flexWrap: 'wrap', gap: 1 }}
                >
                  {CALENDAR_COLORS.map((color) => {
                    const selected = field.value.toLowerCase() === color.toLowerCase();
                    return (
                      <ButtonBase
                        key={color}
                        role="radio"
                        aria-checked={selected}
                        aria-label={t('calendar.form.colorOption', { color: colorName(t, color) })}
                        disabled={!canWrite}
                        onClick={() => field.onChange(color)}
                        sx={{
                          width: 32,
                          height: 32,
                          borderRadius: '50%',
                          bgcolor: color,
                          color: '#fff',
                          outlineOffset: 2,
                          '&.Mui-focusVisible': {
                            outline: '2px solid',
                            outlineColor: 'text.primary',
                          },
                        }}
                      >
                        {selected && <CheckIcon fontSize="small" />}
                      </ButtonBase>
                    );
                  })}
                </Stack>
                {errors.color && (
                  <Typography variant="caption" color="error">
                    {message(errors.color.message)}
                  </Typography>
                )}
              </Box>
            )}
          />
          <CalendarGuestsField
            value={guests}
            ownerId={ownerId}
            onChange={(next) => {
              setGuests(next);
              setGuestError(undefined);
            }}
            disabled={!canWrite}
            error={guestError}
          />
          {editing?.owner && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('calendar.form.owner', { name: editing.owner.name })}
            </Typography>
          )}
          {/* A calendar manager may edit an event they are invited to, and answer it too. */}
          {editing && (
            <CalendarRsvp
              event={editing}
              onAnswered={(updated) =>
                setGuests((current) =>
                  current.map((g) => ({
                    ...g,
                    response: updated.guests.find((u) => u.id === g.id)?.response ?? g.response,
                  })),
                )
              }
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        {canWrite && (
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {editing ? t('common.save') : t('calendar.create')}
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}
