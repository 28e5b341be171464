/** generated/entities.ts: the normalized EntityMeta of every entity. */
import type { Model } from '../model';
import { BANNER, key, literal } from '../print';

export function emitEntities(model: Model): Record<string, string> {
  const body = model.entities.map((e) => `  ${key(e.name)}: ${literal(e, '  ')},`).join('\n');
  const names = model.entities.map((e) => `'${e.name}'`).join(' | ');
  return {
    'entities.ts': `${BANNER}import type { EntityMeta } from '../src/shared/entity-meta';

export type EntityName = ${names};

export const entities: Record<string, EntityMeta> = {
${body}
};

export const entityNames = Object.keys(entities) as EntityName[];
`,
  };
}
