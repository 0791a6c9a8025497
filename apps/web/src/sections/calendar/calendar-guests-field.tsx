import { CALENDAR_GUESTS_MAX, CALENDAR_REMINDER_MINUTES } from '@bo/contract/calendar';
import type { CalendarOwner, CalendarResponse } from '@bo/contract/calendar';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { rankPeople } from '../../lib/rank-people';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCalendarGuestsQuery } from './calendar-api';
import { CalendarResponseLabel } from './calendar-response';

/** A guest on the list: a saved one has their answer, someone just added has none yet. */
export type GuestEntry = CalendarOwner & { response?: CalendarResponse };

type Props = {
  value: GuestEntry[];
  /** The event's owner, who is no guest of their own event (never offered). */
  ownerId: string | null;
  onChange: (guests: GuestEntry[]) => void;
  disabled: boolean;
  error?: string;
};

/**
 * The people an event invites: searched as one types, shown as chips with their pictures and,
 * once saved, their answers (an icon and a word).
 */
export function CalendarGuestsField({ value, ownerId, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const [open, setOpen] = useState(false);
  const { data, isFetching } = useCalendarGuestsQuery({ q }, { skip: !open || disabled });
  const initial = (name: string) => name.charAt(0).toUpperCase();

  return (
    <Autocomplete<GuestEntry, true>
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={data?.people ?? []}
      value={value}
      loading={isFetching}
      disabled={disabled}
      filterOptions={(options) =>
        rankPeople(
          options.filter((person) => person.id !== ownerId),
          search,
        )
      }
      filterSelectedOptions
      getOptionLabel={(person) => person.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionDisabled={() => value.length >= CALENDAR_GUESTS_MAX}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setSearch(text);
      }}
      onChange={(_event, next) => onChange(next)}
      noOptionsText={t('calendar.form.noPeople')}
      renderOption={(props, person) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Avatar
              src={person.avatarUrl ?? undefined}
              alt=""
              sx={{ width: 28, height: 28, mr: 1.5, fontSize: 14 }}
            >
              {initial(person.name)}
            </Avatar>
            {person.name}
          </li>
        );
      }}
      renderValue={(people, getItemProps) =>
        people.map((person, index) => {
          const { key, ...rest } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...rest}
              size="small"
              avatar={
                <Avatar src={person.avatarUrl ?? undefined} alt="">
                  {initial(person.name)}
                </Avatar>
              }
              label={
                person.response ? (
                  // A real space between the two, so the chip's name reads "Ann Lee Accepted".
                  <>
                    {person.name} <CalendarResponseLabel response={person.response} />
                  </>
                ) : (
                  person.name
                )
              }
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('calendar.form.guests')}
          placeholder={value.length ? undefined : t('calendar.form.guestsNone')}
          error={!!error}
          helperText={
            error ??
            (disabled
              ? undefined
              : t('calendar.form.guestsHint', { minutes: CALENDAR_REMINDER_MINUTES }))
          }
        />
      )}
    />
  );
}
