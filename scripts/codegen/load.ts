/** Read schemas/ and generated/migrations from disk, validate the schema files and build the Model. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appMenusSchema, propertyXAdmin, rootXAdmin, xAdminKeywordMeta } from './meta-schema';
import { checkMenus, checkSchemas } from './check';
import { normalize } from './normalize';
import { VERSION_FIELD } from '../../src/shared/entity-meta';
import { NUMBER_LIMIT } from '../../src/shared/constants';
import { few, locator, nearest, parseJson, placed, type Locate, type Positions } from './json';
import { CodegenError, type AppMenus, type Model, type RawSchema, type Sources } from './model';

const MENUS_FILE = 'app-menus.json';

/** A schema file's JSON and where each of its values is written; every file's syntax errors reported at once. */
function readJsonFiles(dir: string, files: string[]) {
  const values: Record<string, unknown> = {};
  const positions: Record<string, Positions> = {};
  const problems: string[] = [];
  for (const f of files) {
    try {
      ({ value: values[f], positions: positions[f] } = parseJson(f, readFileSync(join(dir, f), 'utf8')));
    } catch (e) {
      if (!(e instanceof CodegenError)) throw e;
      problems.push(...e.problems);
    }
  }
  if (problems.length) throw new CodegenError(problems);
  return { values, positions };
}

/** Read everything codegen depends on; the rest of the pipeline is pure. */
export function readSources(root: string): Sources {
  const dir = join(root, 'schemas');
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const { values, positions } = readJsonFiles(dir, names);
  const schemas = Object.fromEntries(Object.entries(values).filter(([f]) => f !== MENUS_FILE));
  const migrations: Record<string, string> = {};
  const mdir = join(root, 'generated', 'migrations');
  for (const sub of ['sqlite', 'postgres']) {
    if (!existsSync(join(mdir, sub))) continue;
    for (const f of readdirSync(join(mdir, sub)).sort())
      migrations[`${sub}/${f}`] = readFileSync(join(mdir, sub, f), 'utf8');
  }
  if (existsSync(join(mdir, 'snapshot.json')))
    migrations['snapshot.json'] = readFileSync(join(mdir, 'snapshot.json'), 'utf8');
  const hand = join(root, 'migrations');
  const handMigrations = ['sqlite', 'postgres'].flatMap((sub) =>
    existsSync(join(hand, sub)) ? readdirSync(join(hand, sub)).map((f) => `${sub}/${f}`) : [],
  );
  return { schemas, menus: values[MENUS_FILE], migrations, handMigrations, root, positions };
}

/** An ajv that knows `x-admin` (validated by its metaSchema) and formats, strict about everything else. */
export function schemaAjv() {
  // verbose: an error carries its schema, whose `properties` name the keys an unknown one was meant to be.
  const ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-admin', metaSchema: xAdminKeywordMeta });
  return ajv;
}

/** ajv errors → one line each; for an `anyOf` only its first alternative's error is kept. */
function explain(locate: Locate, file: string, where: string, errors: ErrorObject[] | null | undefined): string[] {
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
      const path = `${where}${e.instancePath.replaceAll('/', '.')}`.replace(/^\./, '');
      if (p.additionalProperty !== undefined) {
        const key = String(p.additionalProperty);
        const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
        const near = nearest(key, known);
        return `${locate(file, `${path}.${key}`)}: unknown key "${key}". Fix: ${
          near ? `did you mean "${near}"?` : known.length ? `use one of ${few(known, 40)}` : 'remove it'
        }`;
      }
      const extra = p.allowedValues ? ` (${few(p.allowedValues as unknown[])})` : '';
      return `${locate(file, path)}: ${e.message}${extra}`;
    });
}

/** JSON Schema's types: a property's `type` is one of these (codegen stores all but `null`). */
const JSON_SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** A `type` JSON Schema does not have (`"int"`, `"text"`), named once with the nearest real one. */
function checkTypes(locate: Locate, file: string, properties: Record<string, RawSchema['properties'][string]>) {
  const out: string[] = [];
  for (const [name, p] of Object.entries(properties)) {
    for (const t of [p?.type ?? []].flat()) {
      if (JSON_SCHEMA_TYPES.includes(t as string)) continue;
      const near = nearest(String(t), JSON_SCHEMA_TYPES);
      out.push(
        `${locate(file, `properties.${name}.type`)}: ${JSON.stringify(t)} is not a JSON Schema type (${JSON_SCHEMA_TYPES.join(', ')}). Fix: ${near ? `"type": "${near}"` : 'use one of them'}`,
      );
    }
  }
  return out;
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

/**
 * The checkers parseModel compiles, made once per process: the dev loop's codegen runs in one process per session,
 * and compiling them and every schema again was a fifth of a save's codegen.
 */
let compiled: { ajv: Ajv; menus: ValidateFunction; root: ValidateFunction; prop: ValidateFunction } | undefined;
/** Schemas (as JSON) that passed the strict compile: unchanged ones are not compiled again. */
const strictPassed = new Set<string>();

/** Validate and normalize. Throws CodegenError listing every problem found. */
export function parseModel(src: Sources): Model {
  if (!compiled) {
    const ajv = schemaAjv();
    const [menus, root, prop] = [appMenusSchema, rootXAdmin, propertyXAdmin].map((schema) => ajv.compile(schema));
    compiled = { ajv, menus, root, prop };
  }
  const { ajv, menus: checkMenusFile, root: checkRoot, prop: checkProp } = compiled;
  const locate = locator(src.positions);
  const problems: string[] = [];
  if (!checkMenusFile(src.menus)) throw new CodegenError(explain(locate, MENUS_FILE, '', checkMenusFile.errors));
  const menus = src.menus as AppMenus;
  problems.push(...checkMenus(menus));

  const files: Record<string, RawSchema> = {};
  for (const [file, json] of Object.entries(src.schemas)) {
    const s = json as RawSchema;
    const before = problems.length;
    if (!s || s.type !== 'object' || typeof s.properties !== 'object')
      problems.push(`${file}: must be {"type": "object", "properties": {...}}`);
    else if (!checkRoot(s['x-admin'])) problems.push(...explain(locate, file, 'x-admin', checkRoot.errors));
    for (const [name, p] of Object.entries(s?.properties ?? {})) {
      if (p['x-admin'] !== undefined && !checkProp(p['x-admin']))
        problems.push(...explain(locate, file, `properties.${name}.x-admin`, checkProp.errors));
    }
    const types = checkTypes(locate, file, s?.properties ?? {});
    problems.push(...types);
    // ajv's own words for a bad type are three lines of meta-schema paths: ours above say it once.
    if (types.length) continue;
    // Strict JSON Schema check (unknown keywords, bad types…): with x-admin when it is valid, else without it.
    try {
      const strict = { ...(problems.length === before ? s : (stripXAdmin(s) as object)), $id: undefined };
      const key = JSON.stringify(strict);
      if (!strictPassed.has(key)) {
        // Compiled, not kept: ajv's cache would hold every version of a schema edited in the dev loop.
        ajv.compile(strict);
        ajv.removeSchema(strict);
        strictPassed.add(key);
      }
    } catch (e) {
      problems.push(`${file}: not a valid strict JSON Schema: ${(e as Error).message}`);
    }
    if (problems.length === before) files[file] = s;
  }
  if (problems.length)
    throw new CodegenError(problems.map(placed(src.positions, src.schemas as Record<string, object>)));
  problems.push(...checkSchemas(files, menus, locate));
  if (src.root) problems.push(...checkIcons(src.root, files));
  if (problems.length)
    throw new CodegenError(problems.map(placed(src.positions, src.schemas as Record<string, object>)));

  const raw: Record<string, RawSchema> = {};
  for (const s of Object.values(files)) raw[s['x-admin'].resource] = withVersion(withColumnBounds(s));
  const entities = Object.keys(raw)
    .sort()
    .map((n) => normalize(raw[n], raw));
  return { entities, raw, menuGroups: menus.groups, roles: menus.roles };
}
