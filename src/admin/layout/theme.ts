import { createElement } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { TotalPagination } from '../components/TotalPagination';
import { currentLang } from '../i18n/lang';
import { sidebarColors } from '../components/sidebarColors';

const DATE_LOCALES = { en: 'en-US', zh: 'zh-CN' } as const;

/** react-admin's default theme in the upstream blue, every list using our pagination. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: sidebarColors.active, contrastText: '#fff' },
    secondary: { main: sidebarColors.background },
  },
  components: {
    ...defaultTheme.components,
    // Not in MUI's component typings: react-admin reads these through useThemeProps.
    ...({
      RaList: { defaultProps: { pagination: createElement(TotalPagination) } },
      // Dates follow the chosen language (the page reloads on a switch), not the browser's.
      RaDateField: { defaultProps: { locales: DATE_LOCALES[currentLang()] } },
    } as object),
  },
};
