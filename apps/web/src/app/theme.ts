import { createTheme } from '@mui/material/styles';
import { LinkBehavior } from '@/components/ui/link-behavior';

const focusRing = { outline: '3px solid #f5a623', outlineOffset: 2 } as const;

export const theme = createTheme({
  palette: {
    primary: { main: '#0b3d91', contrastText: '#ffffff' },
    secondary: { main: '#0f7b6c', contrastText: '#ffffff' },
    background: { default: '#f6f8fb', paper: '#ffffff' },
    text: { primary: '#1a2233', secondary: '#4a5568' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      // Keyboard users must always see where focus is (axe and WCAG 2.4.7).
      styleOverrides: { ':focus-visible': focusRing },
    },
    MuiButtonBase: {
      defaultProps: { LinkComponent: LinkBehavior },
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiLink: {
      defaultProps: { component: LinkBehavior, underline: 'hover' },
    },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    // No ' *' after required labels: the accessible name stays exactly 'Email', 'Password'...
    // (tests and assistive tech match it), and aria-required already tells screen readers.
    MuiFormLabel: { defaultProps: { required: false } },
  },
});
