/** JSX of read-only fields (list columns and show pages) for one entity field. */
import type { EntityMeta, FieldMeta } from '../../../../src/shared/entity-meta';
import { Imports, KIT, RA } from './imports';

export function fieldJsx(e: EntityMeta, f: FieldMeta, im: Imports, inList: boolean): string {
  const sortable = inList && f.name !== 'id' && !e.sortable.includes(f.name) ? ' sortable={false}' : '';
  const src = `source="${f.name}"${sortable}`;
  if (f.ref) {
    return `<${im.use(RA, 'ReferenceField')} ${src} reference="${f.ref.resource}" link="show" />`;
  }
  if (f.enum) return `<${im.use(KIT, 'EnumField')} ${src} />`;
  if (f.translate) return `<${im.use(KIT, 'SeedTextField')} ${src} />`;
  switch (f.input) {
    case 'image':
    case 'images':
      return `<${im.use(KIT, 'ImageField')} ${src} />`;
    case 'money':
      return `<${im.use(KIT, 'MoneyField')} ${src} />`;
    case 'country':
      return `<${im.use(KIT, 'CountryField')} ${src} />`;
    case 'richtext':
      return `<${im.use(KIT, 'RichTextField')} ${src}${inList ? ' excerpt' : ''} />`;
    case 'changes':
      return `<${im.use(KIT, 'ChangesField')} ${src} />`;
    case 'email':
      return `<${im.use(RA, 'EmailField')} ${src} />`;
    case 'url':
      return `<${im.use(RA, 'UrlField')} ${src} />`;
  }
  switch (f.type) {
    case 'datetime':
      return `<${im.use(RA, 'DateField')} ${src} showTime />`;
    case 'date':
      return `<${im.use(KIT, 'DayField')} ${src} />`;
    case 'boolean':
      return `<${im.use(RA, 'BooleanField')} ${src} />`;
    case 'integer':
    case 'number':
      return f.name === 'id' ? `<${im.use(RA, 'TextField')} ${src} />` : `<${im.use(RA, 'NumberField')} ${src} />`;
    default:
      return `<${im.use(RA, 'TextField')} ${src} />`;
  }
}
