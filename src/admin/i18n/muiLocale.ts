import { zhCN } from '@mui/material/locale';
import type { RaThemeOptions } from 'react-admin';
import { i18nProvider } from './i18nProvider';
import { currentLang } from './lang';

/**
 * The theme with MUI's own texts in the chosen language (the page reloads on a switch): MUI's Chinese locale
 * (table pagination, autocomplete, alert...), and the pagination's navigation label, which MUI hard-codes in English.
 */
export const localizedTheme = (theme: RaThemeOptions): RaThemeOptions => {
  const mui = currentLang() === 'zh' ? zhCN.components : {};
  return {
    ...theme,
    components: {
      ...mui,
      ...theme.components,
      // Not in MUI's component typings: react-admin's PaginationActions reads it through useThemeProps.
      ...({
        RaPaginationActions: { defaultProps: { 'aria-label': i18nProvider.translate('app.nav.pagination') } },
      } as object),
    },
  };
};
