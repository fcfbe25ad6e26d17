import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { DatePicker as MuiDatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useRef } from 'react';

/** How long after the calendar closes its focus may still come back to the field. */
const FOCUS_BACK_MS = 1000;

/**
 * Puts the focus back on what opened the calendar (its button) if it was lost when the calendar
 * closed. MUI's focus trap gives it back itself when the calendar's days outlive the closing; on
 * Preact (docs/decisions/031-preact.md) choosing a day draws the days again first, the trap then
 * holds a day that is gone, and the focus fell to the page. Watched for a moment, until the focus is
 * somewhere again.
 */
function focusBackAfterClose(opener: HTMLElement | null): void {
  if (!opener) return;
  const until = performance.now() + FOCUS_BACK_MS;
  const look = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (lost && opener.isConnected) opener.focus();
    else if (lost || active.closest('[role="dialog"]')) {
      if (performance.now() < until) requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);
}

/**
 * MUI's DatePicker with its dayjs localization. The provider travels with the picker, so the
 * date-picker code loads with the routes that show one (booking, wizard), not at the app's root.
 *
 * The calendar opens in a dialog that MUI names after the field's label through the label's id. A
 * field given its own `id` gets the label id `${id}-label` from TextField, which MUI's popper does
 * not know: without this, the calendar dialog has no name (axe `aria-dialog-name`).
 */
export function DatePicker(props: DatePickerProps) {
  const opener = useRef<HTMLElement | null>(null);
  const { onOpen, onClose } = props;
  const textField = props.slotProps?.textField;
  const fieldId = textField && typeof textField === 'object' ? textField.id : undefined;
  const slotProps =
    fieldId && props.label
      ? { ...props.slotProps, popper: { 'aria-labelledby': `${fieldId}-label`, ...props.slotProps?.popper } }
      : props.slotProps;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <MuiDatePicker
        {...props}
        slotProps={slotProps}
        onOpen={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpen?.();
        }}
        onClose={() => {
          onClose?.();
          focusBackAfterClose(opener.current);
        }}
      />
    </LocalizationProvider>
  );
}
