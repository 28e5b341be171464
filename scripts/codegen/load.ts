/** Read schemas/ and generated/migrations from disk, validate the schema files and build the Model. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { appMenusSchema, propertyXAdmin, rootXAdmin, xAdminKeywordMeta } from './meta-schema';
import { checkMenus, checkSchemas } from './check';
import { normalize } from './normalize';
import { VERSION_FIELD } from '../../src/shared/entity-meta';
import { NUMBER_LIMIT } from '../../src/shared/constants';
import { CodegenError, type AppMenus, type Model, type RawSchema, type Sources } from './model';

const MENUS_FILE = 'app-menus.json';

const readJson = (file: string) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CodegenError([`${file}: ${(e as Error).message}`]);
  }
};

/** Read everything codegen depends on; the rest of the pipeline is pure. */
export function readSources(root: string): Sources {
  const dir = join(root, 'schemas');
  const schemas: Record<string, unknown> = {};
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== MENUS_FILE)
    .sort())
    schemas[f] = readJson(join(dir, f));
  const migrations: Record<string, string> = {};
  const mdir = join(root, 'generated', 'migrations');
  for (const sub of ['sqlite', 'postgres']) {
    if (!existsSync(join(mdir, sub))) continue;
    for (const f of readdirSync(join(mdir, sub)).sort())
      migrations[`${sub}/${f}`] = readFileSync(join(mdir, sub, f), 'utf8');
  }
  if (existsSync(join(mdir, 'snapshot.json')))
    migrations['snapshot.json'] = readFileSync(join(mdir, 'snapshot.json'), 'utf8');
  return { schemas, menus: readJson(join(dir, MENUS_FILE)), migrations, root };
}

/** An ajv that knows `x-admin` (validated by its metaSchema) and formats, strict about everything else. */
export function schemaAjv() {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-admin', metaSchema: xAdminKeywordMeta });
  return ajv;
}

/** ajv errors → one line each; for an `anyOf` only its first alternative's error is kept. */
function explain(file: string, where: string, errors: ErrorObject[] | null | undefined): string[] {
  const all = errors ?? [];
  const anyOfPaths = new Set(all.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const seen = new Set<string>();
  return all
    .filter(
      (e) =>
        e.keyword !== 'anyOf' &&
        !(anyOfPaths.has(e.instancePath) && seen.has(e.instancePath)) &&
        seen.add(e.instancePath),
    )
    .map((e) => {
      const p = e.params as Record<string, unknown>;
      const extra = p.allowedValues
        ? ` (${(p.allowedValues as unknown[]).join(', ')})`
        : p.additionalProperty
          ? ` "${p.additionalProperty}"`
          : '';
      return `${file}: ${where}${e.instancePath.replaceAll('/', '.')}: ${e.message}${extra}`;
    });
}

/** Deep copy without any `x-admin` key. */
const stripXAdmin = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(stripXAdmin)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== 'x-admin')
            .map(([k, x]) => [k, stripXAdmin(x)]),
        )
      : v;

function checkIcons(root: string, files: Record<string, RawSchema>): string[] {
  return Object.entries(files)
    .filter(
      ([, s]) =>
        s['x-admin'].icon && !existsSync(join(root, 'node_modules/@mui/icons-material', `${s['x-admin'].icon}.js`)),
    )
    .map(([file, s]) => `${file}: x-admin.icon "${s['x-admin'].icon}" is not an @mui/icons-material icon`);
}

/**
 * Every entity that is not internal gets the version field (`auto: "version"`): a column in its table, in its
 * records and types, read-only to writes. Internal rows are saved through their parent, whose version covers them.
 */
function withVersion(s: RawSchema): RawSchema {
  if (s['x-admin'].internal) return s;
  return {
    ...s,
    properties: {
      ...s.properties,
      [VERSION_FIELD]: { type: 'integer', readOnly: true, default: 0, 'x-admin': { auto: 'version' } },
    },
    'x-admin': { ...s['x-admin'], fields: { ...s['x-admin'].fields, [VERSION_FIELD]: VERSION_LABEL } },
  };
}

const VERSION_LABEL = { en: 'Version', zh: '版本' };

/**
 * Every `number` property bounded by what its column holds (NUMERIC(14,2)) where the schema sets no tighter bound: a
 * value past it would fail on PostgreSQL and be stored as given on SQLite (1e308 as a price).
 */
function withColumnBounds(s: RawSchema): RawSchema {
  const properties = Object.fromEntries(
    Object.entries(s.properties).map(([name, p]) =>
      p.type === 'number' ? [name, { minimum: -NUMBER_LIMIT, maximum: NUMBER_LIMIT, ...p }] : [name, p],
    ),
  );
  return { ...s, properties };
}

/** Validate and normalize. Throws CodegenError listing every problem found. */
export function parseModel(src: Sources): Model {
  const ajv = schemaAjv();
  const problems: string[] = [];
  const checkMenusFile = ajv.compile(appMenusSchema);
  if (!checkMenusFile(src.menus)) throw new CodegenError(explain(MENUS_FILE, '', checkMenusFile.errors));
  const menus = src.menus as AppMenus;
  problems.push(...checkMenus(menus));

  const checkRoot = ajv.compile(rootXAdmin);
  const checkProp = ajv.compile(propertyXAdmin);
  const files: Record<string, RawSchema> = {};
  for (const [file, json] of Object.entries(src.schemas)) {
    const s = json as RawSchema;
    const before = problems.length;
    if (!s || s.type !== 'object' || typeof s.properties !== 'object')
      problems.push(`${file}: must be {"type": "object", "properties": {...}}`);
    else if (!checkRoot(s['x-admin'])) problems.push(...explain(file, 'x-admin', checkRoot.errors));
    for (const [name, p] of Object.entries(s?.properties ?? {})) {
      if (p['x-admin'] !== undefined && !checkProp(p['x-admin']))
        problems.push(...explain(file, `properties.${name}.x-admin`, checkProp.errors));
    }
    // Strict JSON Schema check (unknown keywords, bad types…): with x-admin when it is valid, else without it.
    try {
      ajv.compile({ ...(problems.length === before ? s : (stripXAdmin(s) as object)), $id: undefined });
    } catch (e) {
      problems.push(`${file}: not a valid strict JSON Schema: ${(e as Error).message}`);
    }
    if (problems.length === before) files[file] = s;
  }
  if (problems.length) throw new CodegenError(problems);
  problems.push(...checkSchemas(files, menus));
  if (src.root) problems.push(...checkIcons(src.root, files));
  if (problems.length) throw new CodegenError(problems);

  const raw: Record<string, RawSchema> = {};
  for (const s of Object.values(files)) raw[s['x-admin'].resource] = withVersion(withColumnBounds(s));
  const entities = Object.keys(raw)
    .sort()
    .map((n) => normalize(raw[n], raw));
  return { entities, raw, menuGroups: menus.groups };
}
