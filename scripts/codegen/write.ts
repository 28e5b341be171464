/** Compare generated files with disk, write them, and remove files no emitter produces any more. */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Migrations are history: never deleted, even when no longer produced (drafts no database ran apart). */
const KEEP = /^migrations\//;

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/** Paths (relative to outDir) that differ from `files`: changed, missing, or extra on disk. */
export function staleFiles(outDir: string, files: Record<string, string>, drafts: string[] = []): string[] {
  const stale = Object.keys(files).filter(
    (f) => !existsSync(join(outDir, f)) || readFileSync(join(outDir, f), 'utf8') !== files[f],
  );
  const extra = listFiles(outDir)
    .map((p) => relative(outDir, p).replaceAll('\\', '/'))
    .filter((f) => !(f in files) && (!KEEP.test(f) || drafts.includes(f.replace(KEEP, ''))));
  return [...stale, ...extra].sort();
}

/** Write changed files and delete extras; returns what changed. */
export function writeFiles(outDir: string, files: Record<string, string>, drafts: string[] = []): string[] {
  const stale = staleFiles(outDir, files, drafts);
  for (const f of stale) {
    const p = join(outDir, f);
    if (f in files) {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, files[f]);
    } else rmSync(p);
  }
  return stale;
}
