import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { LANGS, type Lang } from '../../shared/constants';
import { switchLang } from '../i18n/lang';

/** en / zh picker: stores the choice, sets the locale and reloads (spec §1). */
export const LangSwitch = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        onClick={(e) => setAnchor(e.currentTarget)}
        // The visible language name inside the accessible name (WCAG 2.5.3), with what the button is for.
        aria-label={translate('app.nav.languageNow', { lang: translate(`app.lang.${locale}`) })}
        sx={{ textTransform: 'none' }}
      >
        {translate(`app.lang.${locale}`)}
      </Button>
      <Menu open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {LANGS.map((lang: Lang) => (
          <MenuItem key={lang} selected={lang === locale} onClick={() => switchLang(lang, setLocale)}>
            {translate(`app.lang.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
