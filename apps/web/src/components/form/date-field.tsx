import EventOutlined from '@mui/icons-material/EventOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useTheme } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  datePattern,
  exampleDateInput,
  formatDateInput,
  parseDateInput,
  placeholderDateInput,
} from '../../lib/date-input';
import { FORMAT_LOCALES } from '../../lib/format';

/** What `onChange` receives: the shape of an input's change event, with the ISO value. */
export type DateFieldChange = { target: { name?: string; value: string } };

export type DateFieldProps = Omit<
  TextFieldProps,
  'type' | 'value' | 'onChange' | 'defaultValue'
> & {
  /** A day (`yyyy-mm-dd`) or a day and time (`yyyy-mm-ddThh:mm`). */
  type?: 'date' | 'datetime-local';
  /** `yyyy-mm-dd` / `yyyy-mm-ddThh:mm`, or '' for none. */
  value: string;
  onChange?: (event: DateFieldChange) => void;
  /** Earliest and latest day the picker offers (ISO). */
  min?: string;
  max?: string;
};

/**
 * A date (and time) field written in the app language's order ("31/12/2026" in French,
 * "2026/12/31" in Chinese) rather than the browser's, with a button that opens the browser's
 * calendar. Typing is read as soon as it is a whole date; what cannot be read is said under the
 * field, in the person's language, with an example. Used like a TextField of type "date".
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  {
    type = 'date',
    value,
    onChange,
    min,
    max,
    name,
    onBlur,
    slotProps,
    error,
    helperText,
    sx,
    ...rest
  },
  ref,
) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const pattern = useMemo(
    () => datePattern(FORMAT_LOCALES[i18n.language] ?? 'en-US', type === 'datetime-local'),
    [i18n.language, type],
  );
  const [text, setText] = useState(() => formatDateInput(value, pattern));
  const [unreadable, setUnreadable] = useState(false);
  // The value last sent or received: a new one from outside (a reset, a range picked on the
  // calendar, another language) rewrites the text; our own echo does not disturb typing.
  const known = useRef({ value, pattern });
  useEffect(() => {
    if (known.current.value === value && known.current.pattern === pattern) return;
    known.current = { value, pattern };
    setText(formatDateInput(value, pattern));
    setUnreadable(false);
  }, [value, pattern]);
  const picker = useRef<HTMLInputElement>(null);

  const send = (next: string) => {
    known.current = { value: next, pattern };
    onChange?.({ target: { name, value: next } });
  };

  const onText = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    if (!typed.trim()) {
      setUnreadable(false);
      if (value) send('');
      return;
    }
    const parsed = parseDateInput(typed, pattern);
    if (parsed) {
      setUnreadable(false);
      // Digits typed in one run ("11202026") are shown with their separators once whole.
      if (/^\d+$/.test(typed.trim()) && typed.trim().length === (pattern.withTime ? 12 : 8)) {
        setText(formatDateInput(parsed, pattern));
      }
      if (parsed !== value) send(parsed);
    }
  };

  const onLeave = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const parsed = text.trim() ? parseDateInput(text, pattern) : '';
    if (parsed === null) setUnreadable(true);
    else setText(formatDateInput(parsed, pattern));
    onBlur?.(event);
  };

  const example = exampleDateInput(pattern);
  const placeholder = placeholderDateInput(pattern, {
    day: t('common.dateParts.day'),
    month: t('common.dateParts.month'),
    year: t('common.dateParts.year'),
    hour: t('common.dateParts.hour'),
    minute: t('common.dateParts.minute'),
  });
  const { htmlInput, input, inputLabel, ...otherSlots } = (slotProps ?? {}) as Record<
    string,
    object | undefined
  >;
  return (
    <TextField
      {...rest}
      // Wide enough for the whole date and the button, even in a row that shrinks its items.
      sx={[{ minWidth: type === 'date' ? 180 : 230 }, ...(Array.isArray(sx) ? sx : [sx])]}
      name={name}
      inputRef={ref}
      value={text}
      onChange={onText}
      onBlur={onLeave}
      error={error || unreadable}
      helperText={unreadable ? t('common.dateUnreadable', { example }) : helperText}
      slotProps={{
        ...otherSlots,
        inputLabel: { shrink: true, ...inputLabel },
        htmlInput: {
          placeholder,
          inputMode: 'numeric',
          autoComplete: 'off',
          // Digits read left to right; in a right-to-left page they still sit at its start.
          dir: 'ltr',
          style: { textAlign: theme.direction === 'rtl' ? 'right' : 'left' },
          ...htmlInput,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                edge="end"
                size="small"
                disabled={rest.disabled}
                aria-label={t(type === 'date' ? 'common.pickDate' : 'common.pickDateTime')}
                onClick={() => {
                  try {
                    picker.current?.showPicker();
                  } catch {
                    picker.current?.focus();
                  }
                }}
              >
                <EventOutlined fontSize="small" />
              </IconButton>
              {/* The browser's calendar, opened by the button; the text field is what people read. */}
              <input
                ref={picker}
                type={type}
                value={value}
                min={min}
                max={max}
                tabIndex={-1}
                aria-hidden
                onChange={(e) => {
                  send(e.target.value);
                  setText(formatDateInput(e.target.value, pattern));
                  setUnreadable(false);
                }}
                style={{
                  position: 'absolute',
                  insetInlineEnd: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
          ...input,
        },
      }}
    />
  );
});
