import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Props = {
  label: string;
  registration: UseFormRegisterReturn;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: string;
  endAdornment?: ReactNode;
};

/**
 * An outlined text field without TextField's Select machinery (Menu, Popover, Modal), for the
 * sign-in page's budget. Same look and accessibility: label, error state and helper text linked.
 */
export function LightField({
  label,
  registration,
  type = 'text',
  autoComplete,
  autoFocus,
  error,
  endAdornment,
}: Props) {
  const id = useId();
  const { ref, ...rest } = registration;
  return (
    <FormControl variant="outlined" error={!!error} fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        {...rest}
        inputRef={ref}
        type={type}
        label={label}
        notched
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        aria-describedby={error ? `${id}-helper` : undefined}
      />
      {error && <FormHelperText id={`${id}-helper`}>{error}</FormHelperText>}
    </FormControl>
  );
}
