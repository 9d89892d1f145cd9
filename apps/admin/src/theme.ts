import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * A jeweller's back office: gold on ivory by day, gold on deep slate by night, a serif for display.
 * The bright gold (#b08d57, 2.9:1 on ivory) is for lines and accents only; anything that is read (text,
 * links, outlined chips, buttons) uses the antique gold, 5.5:1 on ivory and 5.9:1 under white (WCAG AA).
 */
const GOLD = '#b08d57';
const ANTIQUE_GOLD = '#7d5f2e';
const SERIF = '"Cormorant Garamond", "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif';
const SANS = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const shared: RaThemeOptions = {
  ...defaultTheme,
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: SANS,
    h1: { fontFamily: SERIF, fontWeight: 600 },
    h2: { fontFamily: SERIF, fontWeight: 600 },
    h3: { fontFamily: SERIF, fontWeight: 600 },
    h4: { fontFamily: SERIF, fontWeight: 600, letterSpacing: '0.01em' },
    h5: { fontFamily: SERIF, fontWeight: 600 },
    h6: { fontFamily: SERIF, fontWeight: 600, letterSpacing: '0.02em' },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.02em' },
    overline: { letterSpacing: '0.14em' },
  },
  sidebar: { width: 232, closedWidth: 56 },
};

function components(paper: string, line: string): RaThemeOptions['components'] {
  return {
    ...defaultTheme.components,
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { styleOverrides: { root: { border: `1px solid ${line}`, boxShadow: 'none', backgroundColor: paper } } },
    MuiAppBar: { styleOverrides: { root: { boxShadow: 'none', borderBottom: `1px solid ${line}` } } },
    MuiTableCell: {
      styleOverrides: { head: { fontWeight: 600, textTransform: 'uppercase', fontSize: '0.72rem', letterSpacing: '0.08em' } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    // Phone lists (SimpleList) show stream ids, e-mails and payment ids with no natural break: they wrap
    // anywhere rather than push the page sideways.
    MuiListItemText: { styleOverrides: { primary: { overflowWrap: 'anywhere' }, secondary: { overflowWrap: 'anywhere' } } },
    // react-admin labels its row checkboxes with aria-label on MUI's wrapping <span> (not allowed there, and the
    // <input> is left unnamed): the label moves onto the input, where screen readers and axe look for it.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (owner: Record<string, unknown>) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (owner: Record<string, unknown>) => (owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
        },
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderLeft: '3px solid transparent',
          minHeight: 44,
          '&.RaMenuItemLink-active': { borderLeft: `3px solid ${GOLD}`, fontWeight: 600 },
        },
      },
    },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-row': { height: 52 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    RaLayout: { styleOverrides: { root: { '& .RaLayout-content': { minWidth: 0 } } } },
    // The folded bulk-actions bar is 0 px high but its buttons were still there for screen readers and clicks
    // (a hidden "Delete" ahead of each row's own); hidden until something is selected.
    RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
    // No overflow on RaList-content: it would clip the bulk-actions bar, which slides up over the list toolbar.
    RaList: { styleOverrides: { root: { minWidth: 0, '& .RaList-main': { minWidth: 0 } } } },
    RaShow: { styleOverrides: { root: { minWidth: 0, '& .RaShow-main': { minWidth: 0 } } } },
  };
}

export const lightTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: ANTIQUE_GOLD, light: GOLD, dark: '#5e4622', contrastText: '#fff' },
    secondary: { main: '#2f3b48' },
    // MUI's default status colours are 2.9-3.8:1 on ivory as chip text; these keep their hue at >= 4.5:1.
    success: { main: '#25692a', contrastText: '#fff' },
    warning: { main: '#a34a00', contrastText: '#fff' },
    info: { main: '#01579b', contrastText: '#fff' },
    error: { main: '#b3261e', contrastText: '#fff' },
    background: { default: '#faf7f0', paper: '#fffdf8' },
    text: { primary: '#2a2622', secondary: '#6e655a' },
    divider: '#e8dfcf',
  },
  components: {
    ...components('#fffdf8', '#e8dfcf'),
    MuiAppBar: {
      styleOverrides: { root: { boxShadow: 'none', borderBottom: '1px solid #e8dfcf', backgroundColor: '#fffdf8', color: '#2a2622' } },
    },
  },
};

export const darkTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#c9a66b', contrastText: '#1b2129' },
    secondary: { main: '#9fb3c8' },
    background: { default: '#161c23', paper: '#1e2630' },
    text: { primary: '#ece6da', secondary: '#a9b0b8' },
    divider: '#2e3945',
  },
  components: {
    ...components('#1e2630', '#2e3945'),
    MuiAppBar: {
      styleOverrides: { root: { boxShadow: 'none', borderBottom: '1px solid #2e3945', backgroundColor: '#1b222b', color: '#ece6da' } },
    },
  },
};
