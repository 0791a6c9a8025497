import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

type Props = {
  label: string;
  /** What binds the input: react-hook-form's `register(name)`, or a value and its setter. */
  registration: {
    name: string;
    value?: string;
    onChange: ChangeEventHandler<HTMLInputElement>;
    onBlur?: FocusEventHandler<HTMLInputElement>;
    ref?: Ref<HTMLInputElement>;
  };
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: string;
  endAdornment?: ReactNode;
  /** Another element that describes the input (a password's policy), besides the error. */
  describedBy?: string;
  /** The input's id, when the page focuses it by id; a generated one otherwise. */
  id?: string;
  readOnly?: boolean;
  /** `ltr` for an address or a code in a right-to-left page. */
  dir?: 'ltr' | 'rtl';
  /** A text area of `rows` lines (a message) instead of a one-line input. */
  multiline?: boolean;
  rows?: number;
};

/**
 * The outlined text field of the sign-in page, drawn like MUI's (notched outline, floating label,
 * helper text) on a native input. MUI's TextField stack (FormControl, InputLabel, OutlinedInput,
 * InputBase…) is ~12 KiB gzip, which the sign-in page's 200 KiB budget cannot carry.
 */
export function LightField({
  label,
  registration,
  type = 'text',
  autoComplete,
  autoFocus,
  error,
  endAdornment,
  describedBy,
  id: givenId,
  readOnly,
  dir,
  multiline = false,
  rows = 4,
}: Props) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperId = `${id}-helper`;
  return (
    <Box>
      <Box
        sx={(theme) => ({
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          borderRadius: 1,
          pr: endAdornment ? 1.5 : 0,
          '& fieldset': {
            position: 'absolute',
            inset: '-5px 0 0',
            m: 0,
            px: 1,
            pointerEvents: 'none',
            borderRadius: 'inherit',
            border: `1px solid ${error ? theme.palette.error.main : alpha(theme.palette.grey[500], 0.2)}`,
            transition: theme.transitions.create('border-color'),
          },
          '& legend': {
            p: 0,
            height: 11,
            fontSize: '0.75em',
            visibility: 'hidden',
            whiteSpace: 'nowrap',
            '& > span': { px: 0.625, display: 'inline-block', opacity: 0 },
          },
          '&:hover fieldset': { borderColor: error ? 'error.main' : 'text.primary' },
          '&:focus-within fieldset': {
            borderWidth: 2,
            borderColor: error ? 'error.main' : 'text.primary',
          },
          '&:focus-within > label': { color: error ? 'error.main' : 'text.primary' },
        })}
      >
        <Box
          component="label"
          htmlFor={id}
          sx={{
            position: 'absolute',
            top: 0,
            left: 14,
            transform: 'translateY(-50%)',
            typography: 'caption',
            fontSize: 12,
            fontWeight: 600,
            lineHeight: 1,
            color: error ? 'error.main' : 'text.secondary',
            pointerEvents: 'none',
          }}
        >
          {label}
        </Box>
        <Box
          component={multiline ? 'textarea' : 'input'}
          id={id}
          {...registration}
          type={multiline ? undefined : type}
          rows={multiline ? rows : undefined}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          readOnly={readOnly}
          dir={dir}
          aria-invalid={!!error}
          aria-describedby={
            [error ? helperId : null, describedBy].filter(Boolean).join(' ') || undefined
          }
          sx={{
            flex: 1,
            // From 0, not the input's own width (its `size`): two fields side by side share the
            // row instead of pushing past it.
            width: 0,
            minWidth: 0,
            height: multiline ? 'auto' : 54,
            px: 1.75,
            py: multiline ? 2 : 0,
            resize: 'vertical',
            border: 0,
            outline: 0,
            background: 'transparent',
            font: 'inherit',
            fontSize: 16,
            color: 'text.primary',
            borderRadius: 'inherit',
          }}
        />
        {endAdornment}
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </Box>
      {error && (
        <Box id={helperId} sx={{ mt: 0.75, mx: 1.75, typography: 'caption', color: 'error.main' }}>
          {error}
        </Box>
      )}
    </Box>
  );
}
