import { createTheme } from '@mui/material/styles';
import { siteTheme } from '@market/shared';
import { LinkBehavior } from '@/components/ui/link-behavior';

// The look is shared with the pages the server renders without the app (siteTheme).
const focusRing = { outline: `3px solid ${siteTheme.accent}`, outlineOffset: 2 } as const;

export const theme = createTheme({
  palette: {
    primary: { main: siteTheme.primary, contrastText: siteTheme.primaryContrast },
    secondary: { main: siteTheme.secondary, contrastText: siteTheme.primaryContrast },
    background: { default: siteTheme.background, paper: siteTheme.paper },
    text: { primary: siteTheme.text, secondary: siteTheme.textSecondary },
    divider: siteTheme.divider,
  },
  breakpoints: { values: { xs: 0, sm: 600, md: siteTheme.menuBreakpoint, lg: 1200, xl: 1536 } },
  shape: { borderRadius: siteTheme.radius },
  typography: {
    fontFamily: siteTheme.fontFamily,
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
