/**
 * The seed writes columns by name: after a rename or drop in a schema (codegen, migrations and the rest of `tsc`
 * passing) a stale name in a seed row only failed at start on a fresh database. Every seed row is typed by the
 * generated tables, so `tsc` on the seed with the new generated/database.ts names the line.
 */
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import { dropProperty, renameProperty } from '../codegen-edits';

const root = resolve(import.meta.dirname, '../..');
const seedDir = join(root, 'src/server/domains/seed');

/** `tsc` errors in the seed's files, as `file:line: text of the line: message`, with generated/database.ts replaced. */
function seedErrors(database: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const generated = join(root, 'generated/database.ts');
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => (resolve(f) === generated ? database : read(f));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, ...rest) =>
    resolve(f) === generated ? ts.createSourceFile(f, database, lang) : getSourceFile(f, lang, ...rest);
  const files = readdirSync(seedDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(seedDir, f));
  const program = ts.createProgram(files, config.options, host);
  return files.flatMap((f) => {
    const source = program.getSourceFile(f)!;
    return program.getSemanticDiagnostics(source).map((d) => {
      const { line } = source.getLineAndCharacterOfPosition(d.start ?? 0);
      const text = source.text.split('\n')[line].trim();
      return `${f.slice(seedDir.length + 1)}:${line + 1}: ${text}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
  });
}

describe('seed rows typed by the schemas', () => {
  it('fails tsc on the seed, naming the line, when a seeded column is renamed or dropped', async () => {
    // One edit per way the seed builds rows: a row built in a .map(), demo data spread into a row, camelCase
    // data turned into columns, rows pushed in a loop then inserted in slices, a generator's rows in
    // another file.
    let src = readSources(root);
    src = renameProperty(src, 'brand.json', 'firstLetter', 'initial');
    src = dropProperty(src, 'brand.json', 'bigPic');
    src = renameProperty(src, 'role.json', 'description', 'summary');
    src = dropProperty(src, 'memberLevel.json', 'commentGrowthPoint');
    src = renameProperty(src, 'shop.json', 'legalPersonName', 'ownerName');
    src = renameProperty(src, 'order.json', 'promotionInfo', 'promotionText');
    src = dropProperty(src, 'skuStock.json', 'lowStock');
    const files = await generate(src);
    expect(Object.keys(files).filter((f) => f.startsWith('migrations/sqlite/')).length).toBeGreaterThan(0);

    const errors = seedErrors(files['database.ts']);
    const named = (file: string, column: string) =>
      errors.filter((e) => e.startsWith(`${file}:`) && new RegExp(`['"]${column}['"]`).test(e));
    // The brand row names the stale column on its own line; the insert lists every column its table lacks.
    expect(named('index.ts', 'first_letter')).toContainEqual(expect.stringMatching(/^index\.ts:\d+: first_letter:/));
    expect(named('index.ts', 'big_pic').length).toBeGreaterThan(0);
    expect(named('index.ts', 'description').length).toBeGreaterThan(0);
    expect(named('shops.ts', 'comment_growth_point').length).toBeGreaterThan(0);
    expect(named('shops.ts', 'legal_person_name').length).toBeGreaterThan(0);
    expect(named('orders.ts', 'promotion_info').length).toBeGreaterThan(0);
    expect(named('catalog-generate.ts', 'low_stock').length).toBeGreaterThan(0);
    // With the schemas as they are, the seed type-checks: the errors above are the edits'.
    expect(seedErrors(readFileSync(join(root, 'generated/database.ts'), 'utf8'))).toEqual([]);
  }, 240_000);
});
