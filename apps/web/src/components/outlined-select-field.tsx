import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { InputBaseComponentProps, SxProps, Theme } from '@mui/material';
import { Box, FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { ChangeEventHandler, ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';

const SelectElement = forwardRef<HTMLSelectElement, InputBaseComponentProps>(function SelectElement(props, ref) {
  return <select ref={ref} {...(props as SelectHTMLAttributes<HTMLSelectElement>)} />;
});

export interface OutlinedSelectFieldProps {
  label: string;
  value: string | number;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  /** `<option>` elements. */
  children: ReactNode;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * An outlined field around the browser's own `<select>` (MUI's NativeSelect look): the phone's
 * picker on a phone, the keyboard's usual select on a desktop, and none of Select's menu code.
 */
export function OutlinedSelectField({
  label,
  value,
  onChange,
  children,
  disabled,
  error,
  helperText,
  sx,
}: OutlinedSelectFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched
        value={value}
        // InputBase renders `inputComponent` with `inputProps`: here a <select> with its options. Its
        // change event is a select's, which InputBase's input-typed handler passes on as it is.
        inputComponent={SelectElement}
        inputProps={{ children, 'aria-describedby': helperId }}
        onChange={onChange as unknown as ChangeEventHandler<HTMLInputElement>}
        endAdornment={
          <Box
            component={ArrowDropDownIcon}
            aria-hidden
            sx={{
              position: 'absolute',
              right: 7,
              top: 'calc(50% - 0.5em)',
              pointerEvents: 'none',
              color: disabled ? 'action.disabled' : 'action.active',
            }}
          />
        }
        sx={{
          '& select': {
            appearance: 'none',
            cursor: disabled ? 'default' : 'pointer',
            borderRadius: 0,
            pr: 4,
          },
        }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
