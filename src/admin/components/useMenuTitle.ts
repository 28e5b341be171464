import { useLocale, useTranslate } from 'react-admin';
import type { Labels } from '../../shared/entity-meta';

/** A menu's title through i18n (`menu.<name>`), falling back to its own label in the current language. */
export const useMenuTitle = () => {
  const translate = useTranslate();
  const locale = useLocale() as keyof Labels;
  return (entry: { name: string; title: Labels }) =>
    translate(`menu.${entry.name}`, { _: entry.title[locale] ?? entry.title.en });
};
