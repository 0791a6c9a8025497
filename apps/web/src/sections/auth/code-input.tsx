import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { ChangeEvent, ClipboardEvent, FocusEvent, KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_LENGTH = 6;

export type CodeInputHandle = { focus: () => void };

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** Called once all boxes hold a digit (typed, pasted or filled by the browser). */
  onComplete?: (code: string) => void;
  onBlur?: () => void;
  label: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  ref?: Ref<CodeInputHandle>;
};

const toCells = (value: string): string[] =>
  Array.from({ length: CODE_LENGTH }, (_, i) => (/\d/.test(value[i] ?? '') ? value[i]! : ''));

/**
 * Six one-digit boxes for a mailed code. A whole code can be pasted (or filled by the browser's
 * one-time-code suggestion) into any box; arrows, Home, End and Backspace move between boxes.
 * The boxes stay left-to-right in Arabic too: a code is read as a number.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  onBlur,
  label,
  error,
  helperText,
  disabled,
  autoFocus,
  name = 'code',
  ref,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [cells, setCells] = useState<string[]>(() => toCells(value));

  useImperativeHandle(ref, () => ({
    focus: () => {
      const firstEmpty = cells.findIndex((c) => !c);
      inputs.current[firstEmpty === -1 ? 0 : firstEmpty]?.focus();
    },
  }));

  // An outside change (a reset of the form) redraws the boxes; our own changes already match.
  const joined = cells.join('');
  useEffect(() => {
    if (value !== joined) setCells(toCells(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[]) => {
    setCells(next);
    const code = next.join('');
    onChange(code);
    if (code.length === CODE_LENGTH && next.every((c) => c !== '')) onComplete?.(code);
  };

  /** Writes digits from `start` on; a full-length paste always starts at the first box. */
  const fill = (start: number, digits: string) => {
    const clean = digits.replace(/\D/g, '');
    if (!clean) return;
    const from = clean.length >= CODE_LENGTH ? 0 : start;
    const next = [...cells];
    for (let i = 0; i < clean.length && from + i < CODE_LENGTH; i++) next[from + i] = clean[i]!;
    // Focus first: a complete code may move focus on (to the password box) in onComplete.
    focusBox(Math.min(CODE_LENGTH - 1, from + clean.length));
    commit(next);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        const next = [...cells];
        if (next[index]) {
          next[index] = '';
          commit(next);
        } else if (index > 0) {
          next[index - 1] = '';
          commit(next);
          focusBox(index - 1);
        }
        break;
      }
      case 'Delete': {
        event.preventDefault();
        const next = [...cells];
        next[index] = '';
        commit(next);
        break;
      }
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(CODE_LENGTH - 1);
        break;
      default:
        break;
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;

  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box
        role="group"
        aria-labelledby={labelId}
        aria-describedby={helperText ? helperId : undefined}
        dir="ltr"
        sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, justifyContent: 'space-between' }}
      >
        {cells.map((cell, index) => (
          <Box
            component="input"
            key={index}
            ref={(el: HTMLInputElement | null) => {
              inputs.current[index] = el;
            }}
            value={cell}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            onBlur={onBlur}
            onFocus={(event: FocusEvent<HTMLInputElement>) => event.target.select()}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              const typed = event.target.value.replace(/\D/g, '');
              if (!typed) return;
              // One new digit replaces the box; more (browser autofill) spread to the next boxes.
              fill(index, typed.length > 1 && cell ? typed.replace(cell, '') || typed : typed);
            }}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            name={`${name}-${index + 1}`}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('auth.code.digit', { index: index + 1, total: CODE_LENGTH })}
            aria-invalid={error || undefined}
            data-testid={`code-box-${index + 1}`}
            sx={(theme) => ({
              flex: '1 1 0',
              // A native input's own width (its `size`) would hold the row at six full boxes
              // on a phone; from 0 the boxes grow to their size as the row allows.
              width: 0,
              minWidth: 0,
              maxWidth: 56,
              height: 56,
              p: 0,
              m: 0,
              borderRadius: 1,
              border: `1px solid ${error ? theme.palette.error.main : theme.palette.divider}`,
              outline: 0,
              bgcolor: 'transparent',
              color: 'text.primary',
              typography: 'h5',
              textAlign: 'center',
              '&:focus': {
                borderColor: error ? theme.palette.error.main : theme.palette.text.primary,
                boxShadow: `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.text.primary}`,
              },
              '&:disabled': { color: 'text.disabled' },
            })}
          />
        ))}
      </Box>
      {helperText && (
        <Box
          id={helperId}
          role={error ? 'alert' : undefined}
          sx={{
            mt: 0.75,
            mx: 1.75,
            typography: 'caption',
            color: error ? 'error.main' : 'text.secondary',
          }}
        >
          {helperText}
        </Box>
      )}
    </Box>
  );
}
