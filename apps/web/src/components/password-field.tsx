import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { InputAdornment } from '@mui/material';
import { forwardRef, useState } from 'react';

import type { OutlinedFieldProps } from './outlined-field';
import { OutlinedField } from './outlined-field';
import { RoundIconButton } from './round-icon-button';

/**
 * A password input with a show/hide toggle that screen readers can name and keyboards can reach. The
 * one password field of the app (sign-in, sign-up, settings), built on OutlinedField, so /login's
 * first download holds it without TextField and IconButton (docs/performance.md, "The front door").
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<OutlinedFieldProps, 'type' | 'endAdornment'>>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <OutlinedField
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <RoundIconButton
              edge="end"
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
              onMouseDown={(e) => e.preventDefault()}
            >
              {visible ? <VisibilityOff /> : <Visibility />}
            </RoundIconButton>
          </InputAdornment>
        }
      />
    );
  },
);
