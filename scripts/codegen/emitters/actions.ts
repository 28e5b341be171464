/**
 * generated/actions.ts: every domain call the schemas declare (`x-admin.actions`), by resource and name, with its
 * method, full path (`/admin/role/{id}`) and the server's route url (`/admin/role/:id`). The server's domain routes
 * take their url from it and the admin UI calls through it, so an API path is written once, in its schema. A
 * `GET /listAll` alias is listed too (as `listAll`): the generic layer answers it, the UI calls it by name. So are the
 * generic job starters: `importJob` (`POST <path>/import/job`, entities with `import`) and `exportJob`
 * (`POST <path>/export/job`, entities with a list), which queue the import or export as a background job.
 */
import { CRUD_PATHS } from '../../../src/shared/crud-paths';
import { exportable } from '../../../src/shared/list-meta';
import type { Model } from '../model';
import { BANNER, key, literal } from '../print';

const LIST_ALL = 'GET /listAll';

export function emitActions(model: Model): Record<string, string> {
  const anyUser: string[] = [];
  const body = model.entities
    .map((e) => {
      const declared = Object.entries(model.raw[e.name]['x-admin'].actions ?? {}).map(([name, a]) => {
        if (a.anyUser) anyUser.push(`${a.base ?? e.path}${a.path}`);
        const path = `${a.base ?? e.path}${a.path}`;
        return [name, { method: a.method, path, url: path.replace(/\{(\w+)\}/g, ':$1') }] as const;
      });
      const listAll = `${e.path}/listAll`;
      const aliased = e.aliases.includes(LIST_ALL) ? [['listAll', { method: 'GET', path: listAll, url: listAll }]] : [];
      const job = (name: string, sub: string) => {
        const path = `${e.path}${sub}`;
        return [name, { method: 'POST', path, url: path }] as const;
      };
      const jobs = [
        ...(e.import && e.crud.create ? [job('importJob', CRUD_PATHS.importJob)] : []),
        ...(exportable(e) ? [job('exportJob', CRUD_PATHS.exportJob)] : []),
      ];
      const all = [...aliased, ...jobs, ...declared];
      return all.length ? `  ${key(e.name)}: ${literal(Object.fromEntries(all), '  ')},` : '';
    })
    .filter(Boolean)
    .join('\n');
  return {
    'actions.ts': `${BANNER}
/** Domain calls by resource and name (schemas' \`x-admin.actions\`): \`path\` with \`{param}\`, \`url\` with \`:param\`. */
export const actions = {
${body}
} as const;

/** Paths any logged-in account may call whatever its role's resources (actions declared \`anyUser\`). */
export const ANY_USER_PATHS: readonly string[] = ${literal(anyUser.sort(), '')};

export type Actions = typeof actions;
export type ActionResource = keyof Actions;
`,
  };
}
