import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `npm run serve` (the end of `npm start`) runs, read from package.json as environment and node arguments, so
 * the browser tests and the benchmark start the server process exactly as a user's `npm start` does (the bundle
 * `npm run build` writes, the same V8 and allocator settings).
 */
export function serveCommand(cwd = process.cwd()): { env: Record<string, string>; args: string[] } {
  const script = String(JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).scripts.serve);
  const words = script.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error(`the serve script does not run node: ${script}`);
  const env = Object.fromEntries(words.slice(0, node).map((w) => w.split('=', 2) as [string, string]));
  return { env, args: words.slice(node + 1) };
}
