/** generated/admin/<resource>/index.ts (the Resource props) and generated/admin/resources.ts (all of them). */
import type { EntityMeta } from '../../../../src/shared/entity-meta';
import { BANNER, pascal } from '../../print';
import { displayTranslated } from './screens';

export function moduleIndex(e: EntityMeta): string {
  const name = pascal(e.name);
  const views = (['List', 'Create', 'Edit', 'Show'] as const).filter((v) =>
    e.screens.includes(v.toLowerCase() as never),
  );
  // Views are lazy-loaded (react-admin's Layout wraps them in Suspense): a screen's code loads when first opened, or
  // at the app's start when the address opens it (lazyScreen's preload). A resource without screens (read inside
  // another one's, e.g. an order's station messages) imports no views.
  const lazyViews = views.length
    ? `\n${views.map((v) => `const ${name}${v} = lazyScreen(() => import('./${name}${v}'));`).join('\n')}\n`
    : '';
  const kit = [...(views.length ? ['lazyScreen'] : []), ...(displayTranslated(e) ? ['seedText'] : [])];
  return `${BANNER}import ${e.icon}Icon from '@mui/icons-material/${e.icon}';
${kit.length ? `import { ${kit.join(', ')}, type ResourceModule } from '@kit';` : "import type { ResourceModule } from '@kit';"}
${lazyViews}
export const ${e.name}: ResourceModule = {
${views.map((v) => `  ${v.toLowerCase()}: ${name}${v},\n`).join('')}  icon: ${e.icon}Icon,
  recordRepresentation: ${displayTranslated(e) ? `(record) => seedText(record.${e.display}, '${e.name}')` : `'${e.display}'`},
  options: { label: 'resources.${e.name}.name' },
};

export default ${e.name};
`;
}

export function resourcesIndex(entities: EntityMeta[]): string {
  return `${BANNER}import type { ResourceModule } from '@kit';
${entities.map((e) => `import { ${e.name} } from './${e.name}';`).join('\n')}

export const resources: Record<string, ResourceModule> = {
${entities.map((e) => `  ${e.name},`).join('\n')}
};
`;
}
