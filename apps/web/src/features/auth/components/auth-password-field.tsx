import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { InputAdornment } from '@mui/material';
import { forwardRef, useState } from 'react';
import { OutlinedField } from '../../../components/outlined-field';
import type { OutlinedFieldProps } from '../../../components/outlined-field';
import { RoundIconButton } from '../../../components/round-icon-button';

/** OutlinedField for passwords, with the show/hide toggle of components/password-field.tsx. */
export const AuthPasswordField = forwardRef<HTMLInputElement, Omit<OutlinedFieldProps, 'type' | 'endAdornment'>>(
  function AuthPasswordField(props, ref) {
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
