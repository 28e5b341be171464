/**
 * generated/actions.ts: every domain call the schemas declare (`x-admin.actions`), by resource and name, with its
 * method, full path (`/admin/role/{id}`) and the server's route url (`/admin/role/:id`). The server's domain routes
 * take their url from it and the admin UI calls through it, so an API path is written once, in its schema. A
 * `GET /listAll` alias is listed too (as `listAll`): the generic layer answers it, the UI calls it by name. So are the
 * generic job starters: `importJob` (`POST <path>/import/job`, entities with `import`) and `exportJob`
 * (`POST <path>/export/job`, entities with a list), which queue the import or export as a background job.
 */
import { CRUD_PATHS } from '../../../src/shared/crud-paths';
import { VERSION_FIELD } from '../../../src/shared/entity-meta';
import { exportable } from '../../../src/shared/list-meta';
import type { Model, RawAction, RawSchema } from '../model';
import { BANNER, key, literal, pascal, quote } from '../print';

const LIST_ALL = 'GET /listAll';

export function emitActions(model: Model): Record<string, string> {
  const anyUser: string[] = [];
  const inputs: [resource: string, name: string, type: string][] = [];
  const records = new Set<string>();
  const body = model.entities
    .map((e) => {
      const declared = Object.entries(model.raw[e.name]['x-admin'].actions ?? {}).map(([name, a]) => {
        if (a.anyUser) anyUser.push(`${a.base ?? e.path}${a.path}`);
        const path = `${a.base ?? e.path}${a.path}`;
        const input = inputOf(model.raw[e.name], a);
        if (input) {
          inputs.push([e.name, name, inputType(model.raw[e.name], a)]);
          records.add(pascal(a.of ?? e.name));
        }
        return [name, { method: a.method, path, url: path.replace(/\{(\w+)\}/g, ':$1'), ...input }] as const;
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
    'actions.ts': `${BANNER}import type { ${[...records].sort().join(', ')} } from './types';

/** Domain calls by resource and name (schemas' \`x-admin.actions\`): \`path\` with \`{param}\`, \`url\` with \`:param\`. */
export const actions = {
${body}
} as const;

/** Paths any logged-in account may call whatever its role's resources (actions declared \`anyUser\`). */
export const ANY_USER_PATHS: readonly string[] = ${literal(anyUser.sort(), '')};

export type Actions = typeof actions;
export type ActionResource = keyof Actions;

type Id = number | string;

/**
 * What each call that states its input takes (\`op\`, \`fields\`, \`params\`, \`required\`), by resource and name: one
 * object of its parameters and fields (a list of them for an \`updateMany\` with fields), the body the client sends.
 */
export interface ActionInputs {
${inputBlock(inputs)}
}
`,
  };
}

/** The input a call states, spelled out for both sides: its fields (else its transition's), parameters and required. */
function inputOf(s: RawSchema, a: RawAction) {
  if (!a.op) return undefined;
  const fields = a.fields ?? (a.transition ? s['x-admin'].states?.transitions[a.transition]?.fields : undefined);
  return {
    op: a.op,
    ...(a.of ? { of: a.of } : {}),
    ...(a.transition ? { transition: a.transition } : {}),
    ...(fields ? { fields } : {}),
    ...(a.params ? { params: a.params } : {}),
    ...(a.required ? { required: a.required } : {}),
    ...(a.answer ? { answer: a.answer } : {}),
  };
}

const PARAM_TYPES = { id: 'Id', ids: 'Id[]', list: 'Id[]', text: 'string', status: 'number' } as const;

/** The body's TypeScript type: parameters, then the fields picked from the record's type; required ones required. */
function inputType(s: RawSchema, a: RawAction): string {
  const record = pascal(a.of ?? s['x-admin'].resource);
  const input = inputOf(s, a)!;
  const required = new Set(input.required ?? []);
  const params = Object.entries(input.params ?? {}).map(
    ([n, kind]) => `${key(n)}${required.has(n) ? '' : '?'}: ${PARAM_TYPES[kind]}`,
  );
  const union = (names: string[]) => names.map(quote).join(' | ');
  const fields = input.fields;
  const parts = [
    ...(params.length ? [`{ ${params.join('; ')} }`] : []),
    ...(!fields
      ? [`Partial<Omit<${record}, 'id'>>`]
      : [
          ...(fields.some((f) => !required.has(f))
            ? [`Partial<Pick<${record}, ${union(fields.filter((f) => !required.has(f)))}>>`]
            : []),
          ...(fields.some((f) => required.has(f))
            ? [`Required<Pick<${record}, ${union(fields.filter((f) => required.has(f)))}>>`]
            : []),
        ]),
  ];
  // An update may name the version it was read at (as If-Match does): a stale one is refused.
  if (input.op === 'update' && s.properties[VERSION_FIELD] && !a.of)
    parts.push(`Partial<Pick<${record}, '${VERSION_FIELD}'>>`);
  const one = parts.join(' & ') || 'Record<never, never>';
  return input.op === 'updateMany' && fields?.length ? `(${one})[]` : one;
}

function inputBlock(inputs: [string, string, string][]): string {
  const byResource = new Map<string, string[]>();
  for (const [resource, name, type] of inputs)
    byResource.set(resource, [...(byResource.get(resource) ?? []), `    ${key(name)}: ${type};`]);
  return [...byResource].map(([r, lines]) => `  ${key(r)}: {\n${lines.join('\n')}\n  };`).join('\n');
}
