import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-date-pickers/themeAugmentation';

/**
 * The one focus indicator (WCAG 2.4.7, 1.4.11): a 2px ring 2px outside the element, near-black on the
 * light page, cards and dialogs (>= 3:1 against them and against the orange primary button), white on
 * the dark sidebar (which sets `--focus-ring`). e2e/tests/focus.spec.ts measures the contrast.
 */
export const FOCUS_RING_COLOR = '#111827';
export const FOCUS_RING_ON_DARK = '#ffffff';
const focusRing = {
  outline: `2px solid var(--focus-ring, ${FOCUS_RING_COLOR})`,
  outlineOffset: 2,
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: '#c2410c' },
    secondary: { main: '#1e3a5f' },
    background: { default: '#f7f5f2' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Links, summary, native controls and anything focusable by Tab.
        ':focus-visible': focusRing,
        // A heading focused by script after a route change: read by screen readers, no ring.
        '[tabindex="-1"]:focus:not(:focus-visible)': { outline: 'none' },
      },
    },
    MuiButtonBase: {
      // No ripple: its first render on a page (a React render and its styles) came between a tap's
      // pointerdown and pointerup, about 70 ms of a send's 190 at 4x CPU slowdown. A press darkens
      // the element instead, in CSS only.
      defaultProps: { disableRipple: true },
      // Buttons, icon buttons, list entries, tabs, menu items, chips, checkboxes, radios, calendar days.
      styleOverrides: {
        root: {
          '&.Mui-focusVisible, &:focus-visible': focusRing,
          '&:active:not(.Mui-disabled)': { backgroundImage: 'linear-gradient(rgba(0, 0, 0, 0.1), rgba(0, 0, 0, 0.1))' },
        },
      },
    },
    MuiListItemButton: {
      // The focus ring marks focus; no background that stays behind after focus leaves.
      styleOverrides: { root: { '&.Mui-focusVisible': { backgroundColor: 'transparent' } } },
    },
    MuiOutlinedInput: {
      styleOverrides: { root: { '&.Mui-focused': focusRing } },
    },
    MuiInputBase: {
      styleOverrides: { root: { '&.MuiInput-root.Mui-focused, &.MuiFilledInput-root.Mui-focused': focusRing } },
    },
    MuiSlider: {
      styleOverrides: { thumb: { '&.Mui-focusVisible': { ...focusRing, boxShadow: 'none' } } },
    },
    MuiPickerDay: {
      // The default pale fill on :focus stayed after the pointer left; the ring shows keyboard focus.
      styleOverrides: {
        root: {
          '&:focus:not(.Mui-selected)': { backgroundColor: 'transparent' },
          '&.Mui-focusVisible, &:focus-visible': focusRing,
        },
      },
    },
  },
});

/** Sidebar colours differ by role (spec section 6). */
export const ROLE_COLORS: Record<string, string> = {
  brands: '#1e3a5f',
  influencer: '#7c2d12',
  journalist: '#134e4a',
  staff: '#312e81',
};
