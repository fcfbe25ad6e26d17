import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { DatePicker as MuiDatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';

/**
 * MUI's DatePicker with its dayjs localization. The provider travels with the picker, so the
 * date-picker code loads with the routes that show one (booking, wizard), not at the app's root.
 *
 * The calendar opens in a dialog that MUI names after the field's label through the label's id. A
 * field given its own `id` gets the label id `${id}-label` from TextField, which MUI's popper does
 * not know: without this, the calendar dialog has no name (axe `aria-dialog-name`).
 */
export function DatePicker(props: DatePickerProps) {
  const textField = props.slotProps?.textField;
  const fieldId = textField && typeof textField === 'object' ? textField.id : undefined;
  const slotProps =
    fieldId && props.label
      ? { ...props.slotProps, popper: { 'aria-labelledby': `${fieldId}-label`, ...props.slotProps?.popper } }
      : props.slotProps;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <MuiDatePicker {...props} slotProps={slotProps} />
    </LocalizationProvider>
  );
}
