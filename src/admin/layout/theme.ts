import { createElement } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { TotalPagination } from '../components/TotalPagination';
import { sidebarColors } from './sidebarColors';

/** react-admin's default theme in the upstream blue, every list using our pagination. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: sidebarColors.active, contrastText: '#fff' }, secondary: { main: sidebarColors.background } },
  components: {
    ...defaultTheme.components,
    // Not in MUI's component typings: react-admin reads these through useThemeProps.
    ...({ RaList: { defaultProps: { pagination: createElement(TotalPagination) } } } as object),
  },
};
