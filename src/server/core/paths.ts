import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one holding package.json), found from this module's place: the same whether the server
 * runs from its sources or from the bundle `npm run build` writes to dist/server.
 */
export const PROJECT_ROOT = (() => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('package.json not found above the server');
  }
})();

/** A file or folder of the project: `projectPath('generated', 'migrations')`. */
export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
