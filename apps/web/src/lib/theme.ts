import { createTheme } from '@mui/material/styles';

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
});

/** Sidebar colours differ by role (spec section 6). */
export const ROLE_COLORS: Record<string, string> = {
  brands: '#1e3a5f',
  influencer: '#7c2d12',
  journalist: '#134e4a',
  staff: '#312e81',
};
