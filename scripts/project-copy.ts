import { cpSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** What a working copy of the project needs to run codegen, build, serve and `npm run dev`. */
const PROJECT_FILES = [
  'schemas',
  'scripts',
  'src',
  'generated',
  'migrations',
  'public',
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
];

/**
 * Copies the project at `root` into `temp` (its node_modules linked, not copied), for tests and benchmarks that edit
 * schemas without touching the real ones.
 */
export function copyProject(root: string, temp: string): void {
  for (const f of PROJECT_FILES) cpSync(join(root, f), join(temp, f), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(temp, 'node_modules'));
}
