import { useMemo } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { countryCodes } from '../../../generated/countries';

/** The ~190 countries named in the current language (i18n `countries.<code>`), sorted by that name. */
export const useCountryChoices = () => {
  const translate = useTranslate();
  const locale = useLocale();
  return useMemo(
    () =>
      countryCodes
        .map((id) => ({ id, name: translate(`countries.${id}`, { _: id }) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale)),
    [translate, locale],
  );
};
