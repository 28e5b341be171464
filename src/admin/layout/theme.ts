import { createElement } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { TotalPagination } from '../components/TotalPagination';
import { currentLang } from '../i18n/lang';
import { sidebarColors } from '../components/sidebarColors';

const DATE_LOCALES = { en: 'en-US', zh: 'zh-CN' } as const;

/** A keyboard focus ring on whatever has no visible focus of its own (links, buttons, menu items, tabs). */
const focusRing = { '&.Mui-focusVisible, &:focus-visible': { outline: '2px solid currentColor', outlineOffset: -2 } };

/** Whether the person asked their system for less motion (WCAG 2.3.3): then no transitions and no ripples. */
const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const INSTANT = {
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  create: () => 'none',
};

type LabelledOwner = { 'aria-label'?: string; inputProps?: object };

/**
 * react-admin's default theme in the upstream blue (darkened to read on white, see sidebarColors), every list
 * using our pagination. Error, warning, success and info darkened the same way: MUI's read at 3.1–4.5:1 on white,
 * on grey or on the bulk-action bar's light blue.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    // `light` is the sidebar's lighter blue: react-admin's bulk-action bar is it lightened, under primary text.
    primary: { main: sidebarColors.primary, light: sidebarColors.active, contrastText: '#fff' },
    secondary: { main: sidebarColors.background },
    error: { main: '#b71c1c' },
    warning: { main: '#a84d00' },
    success: { main: '#27692b' },
    info: { main: '#01579b' },
  },
  ...(reducedMotion && { transitions: INSTANT }),
  components: {
    ...defaultTheme.components,
    MuiButtonBase: { defaultProps: { disableRipple: reducedMotion }, styleOverrides: { root: focusRing } },
    // A button's ring outside it, in the primary blue: inside a filled button the text colour would hardly show.
    MuiButton: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outlineColor: sidebarColors.primary, outlineOffset: 2 } },
      },
    },
    // A disabled field's helper text still explains the field: MUI's disabled grey reads at 2.7:1.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': { outline: '2px solid currentColor' } } } },
    // MUI's tooltip is 92% opaque grey: over a light page its small white text reads below 4.5:1.
    MuiTooltip: { styleOverrides: { tooltip: { backgroundColor: '#424242' } } },
    // A checkbox's aria-label (react-admin's row checkboxes: ra.action.select_row) belongs on its <input>, the
    // control; on the wrapping <span> it names nothing and is not allowed there.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (owner: LabelledOwner) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
          // A slotProps.input takes the place of inputProps: keep those.
          input: (owner: LabelledOwner) => ({
            ...owner.inputProps,
            ...(owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
          }),
        },
      },
    },
    // Not in MUI's component typings: react-admin reads these through useThemeProps.
    ...({
      RaList: { defaultProps: { pagination: createElement(TotalPagination) } },
      // Dates follow the chosen language (the page reloads on a switch), not the browser's.
      RaDateField: { defaultProps: { locales: DATE_LOCALES[currentLang()] } },
      // An empty list's "No … yet" is text to read, not decoration: react-admin fades it to 2.7:1.
      RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.6)' } } } },
    } as object),
  },
};
