/**
 * `npm run codegen`: schemas/*.json → generated/. `npm run codegen -- --check` writes nothing and exits 1 listing
 * stale files. `--accept-drift` refreshes the migration snapshot without a migration (after a hand-written one).
 * `--name <snake_case>` names the migration this run appends (`NNNN_<name>.sql`).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate';
import { readDrafts } from './drafts';
import { readSources } from './load';
import { CodegenError } from './model';
import { staleFiles, writeFiles } from './write';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const outDir = join(root, 'generated');
const nameAt = args.indexOf('--name');
const migrationName = nameAt >= 0 ? args[nameAt + 1] : undefined;

try {
  if (nameAt >= 0 && !/^[a-z0-9_]+$/.test(migrationName ?? ''))
    throw new CodegenError(['--name needs a snake_case migration name']);
  const drafts = readDrafts(root);
  const src = { ...readSources(root), acceptDrift: args.includes('--accept-drift'), migrationName, drafts };
  const files = await generate(src);
  if (args.includes('--check')) {
    const stale = staleFiles(outDir, files, drafts?.files);
    if (stale.length) {
      console.error(`generated/ is stale (run npm run codegen):\n${stale.map((f) => `  generated/${f}`).join('\n')}`);
      process.exit(1);
    }
    console.log('generated/ is up to date');
  } else {
    const changed = writeFiles(outDir, files, drafts?.files);
    console.log(
      changed.length
        ? `codegen: ${changed.length} file(s) updated\n${changed.map((f) => `  generated/${f}`).join('\n')}`
        : 'codegen: up to date',
    );
  }
} catch (e) {
  console.error(e instanceof CodegenError ? e.message : e);
  process.exit(1);
}
