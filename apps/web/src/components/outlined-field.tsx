import type { InputBaseComponentProps, SxProps, Theme } from '@mui/material';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { ChangeEventHandler, FocusEventHandler, ReactNode } from 'react';
import { forwardRef, useId } from 'react';

export interface OutlinedFieldProps {
  label: string;
  name?: string;
  type?: string;
  value?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** The label stays above the field even when it is empty (a date field shows its own placeholder). */
  shrinkLabel?: boolean;
  inputProps?: InputBaseComponentProps;
  sx?: SxProps<Theme>;
}

/**
 * MUI's outlined TextField, built from the parts TextField renders (FormControl, InputLabel,
 * OutlinedInput, FormHelperText) with the same ids and ARIA wiring. It looks and reads the same.
 * TextField itself lives in the shared `mui` chunk with its `select` mode (Select, Menu, Popover,
 * Modal); these parts are in the entry, so /login and the first card of /campaigns paint without
 * that chunk (docs/performance.md, "The first card"). The ref goes to the input element, as `register()` of
 * react-hook-form expects.
 */
export const OutlinedField = forwardRef<HTMLInputElement, OutlinedFieldProps>(function OutlinedField(
  { label, helperText, error, required, disabled, fullWidth, shrinkLabel, sx, ...input },
  ref,
) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} disabled={disabled} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        inputRef={ref}
        label={label}
        notched={shrinkLabel || undefined}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
