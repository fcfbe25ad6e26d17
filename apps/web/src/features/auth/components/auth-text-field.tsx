import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { FormControl, FormHelperText, IconButton, InputAdornment, InputLabel, OutlinedInput } from '@mui/material';
import type { InputBaseComponentProps } from '@mui/material';
import { forwardRef, useId, useState } from 'react';
import type { ChangeEventHandler, FocusEventHandler, ReactNode } from 'react';

export interface AuthTextFieldProps {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  endAdornment?: ReactNode;
  inputProps?: InputBaseComponentProps;
}

/**
 * The outlined text field of the sign-in forms, built from the parts MUI's TextField renders
 * (FormControl, InputLabel, OutlinedInput, FormHelperText) with the same ids and ARIA wiring. It
 * looks and reads the same, without TextField's `select` mode, which brings Select, Menu, Popover
 * and Modal into /login's first download (docs/performance.md, Web). The ref goes to the input
 * element, as `register()` of react-hook-form expects.
 */
export const AuthTextField = forwardRef<HTMLInputElement, AuthTextFieldProps>(function AuthTextField(
  { label, helperText, error, required, fullWidth, endAdornment, inputProps, ...input },
  ref,
) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        inputRef={ref}
        label={label}
        endAdornment={endAdornment}
        inputProps={inputProps}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});

/** AuthTextField for passwords, with the show/hide toggle of components/password-field.tsx. */
export const AuthPasswordField = forwardRef<HTMLInputElement, Omit<AuthTextFieldProps, 'type' | 'endAdornment'>>(
  function AuthPasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <AuthTextField
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
              onMouseDown={(e) => e.preventDefault()}
              edge="end"
            >
              {visible ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
    );
  },
);
