import { useMemo } from 'react';
import {
  AutocompleteInput,
  SelectField,
  useLocale,
  useTranslate,
  type AutocompleteInputProps,
  type SelectFieldProps,
} from 'react-admin';
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

/** A country code shown as its name. */
export const CountryField = (props: Omit<SelectFieldProps, 'choices'>) => (
  <SelectField {...props} choices={useCountryChoices()} translateChoice={false} />
);

/** A country picker (type to search), for filters and forms. */
export const CountryAutocomplete = (props: Omit<AutocompleteInputProps, 'choices'>) => (
  <AutocompleteInput openOnFocus={false} {...props} choices={useCountryChoices()} translateChoice={false} />
);
