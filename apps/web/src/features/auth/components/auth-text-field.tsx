import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { ButtonBase, FormControl, FormHelperText, InputAdornment, InputLabel, OutlinedInput } from '@mui/material';
import type { InputBaseComponentProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
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

/**
 * The look of MUI's `<IconButton edge="end">` (round, 8px padding, the action colour, a hover tint),
 * on ButtonBase: IconButton's own code (about 1 KB gzip) is all that the toggle would add to /login's
 * first download.
 */
const toggleSx = {
  flex: '0 0 auto',
  fontSize: (t: Theme) => t.typography.pxToRem(24),
  p: 1,
  mr: -1.5,
  borderRadius: '50%',
  color: 'action.active',
  transition: (t: Theme) => t.transitions.create('background-color', { duration: t.transitions.duration.shortest }),
  '&:hover': {
    bgcolor: (t: Theme) => alpha(t.palette.action.active, t.palette.action.hoverOpacity),
    '@media (hover: none)': { bgcolor: 'transparent' },
  },
} as const;

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
            <ButtonBase
              centerRipple
              focusRipple
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
              onMouseDown={(e) => e.preventDefault()}
              sx={toggleSx}
            >
              {visible ? <VisibilityOff /> : <Visibility />}
            </ButtonBase>
          </InputAdornment>
        }
      />
    );
  },
);
