/**
 * A JSON reader for the schema files that knows where each value was written: JSON.parse says neither the line of a
 * syntax error nor that a key was written twice (the last one silently wins), and codegen's messages point at the
 * line and column of the value they are about.
 */
import { CodegenError, type Position, type Positions } from './model';

export type { Position, Positions } from './model';

const WS = new Set([' ', '\t', '\n', '\r']);

/** Parses `text`; throws CodegenError (`file:line:column: …`) on a syntax error or a key written twice. */
export function parseJson(file: string, text: string): { value: unknown; positions: Positions } {
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const positions: Positions = {};
  const problems: string[] = [];
  const here = (): Position => ({ line, column: i - lineStart + 1 });
  const fail = (what: string): never => {
    const p = here();
    const found = i < text.length ? `"${text[i]}"` : 'the end of the file';
    throw new CodegenError([`${file}:${p.line}:${p.column}: JSON syntax error: ${what}, found ${found}`]);
  };
  const skip = () => {
    while (i < text.length && WS.has(text[i])) {
      if (text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
      i++;
    }
  };
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('a line break inside a string (close it with ")');
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail('an unterminated string (close it with ")');
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail('a string with an invalid escape');
    }
  };

  const value = (path: string): unknown => {
    skip();
    positions[path] ??= here();
    const c = text[i];
    if (c === '{') return object(path);
    if (c === '[') return array(path);
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) return fail('expected a value (a string, number, object, array, true, false or null)');
    i += literal[0].length;
    return JSON.parse(literal[0]);
  };

  const object = (path: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    i++;
    skip();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      skip();
      if (text[i] !== '"') fail('expected a key in double quotes');
      const at = here();
      const key = string();
      const keyPath = join(path, key);
      if (Object.prototype.hasOwnProperty.call(out, key)) {
        const first = positions[keyPath];
        problems.push(
          `${file}:${at.line}:${at.column}: ${keyPath}: key "${key}" is written twice (first at ${first.line}:${first.column}); JSON keeps only the last. Fix: keep one of them`,
        );
      } else positions[keyPath] = at;
      skip();
      if (text[i] !== ':') fail(`expected ":" after the key "${key}"`);
      i++;
      out[key] = value(keyPath);
      skip();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return out;
      }
      fail('expected "," or "}" (a missing comma?)');
    }
  };

  const array = (path: string): unknown[] => {
    const out: unknown[] = [];
    i++;
    skip();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      out.push(value(join(path, String(out.length))));
      skip();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return out;
      }
      fail('expected "," or "]" (a missing comma?)');
    }
  };

  const result = value('');
  skip();
  if (i < text.length) fail('expected the end of the file after the value');
  if (problems.length) throw new CodegenError(problems);
  return { value: result, positions };
}

/** `file:line:column: path` of a JSON path, at its nearest written ancestor when it is not in the file itself. */
export function locator(positions: Record<string, Positions> = {}) {
  return (file: string, path: string): string => {
    const known = positions[file] ?? {};
    let p = path;
    while (!(p in known) && p !== '') p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '';
    const pos = known[p];
    return `${pos ? `${file}:${pos.line}:${pos.column}` : file}: ${path || '(root)'}`;
  };
}

export type Locate = ReturnType<typeof locator>;

/**
 * A problem written as `file: <what>` placed at the value it is about: `file:line:column: <what>`. The value is read
 * off the message: an `x-admin.…` path it starts with, else the property it names (`price: …`), else the file's
 * start. Problems already placed are kept.
 */
export function placed(positions: Record<string, Positions> = {}, properties: Record<string, object> = {}) {
  const locate = locator(positions);
  return (problem: string): string => {
    const m = /^([\w-]+\.json): ([\s\S]*)$/.exec(problem);
    if (!m) return problem;
    const [, file, rest] = m;
    const prop = /^(?:property "|keyword field "|)([a-z][A-Za-z0-9]*)(?:"|:)/.exec(rest)?.[1];
    const path =
      /^(x-admin(?:\.[\w-]+)*)/.exec(rest)?.[1] ??
      (prop && prop in ((properties[file] as { properties?: object })?.properties ?? {}) ? `properties.${prop}` : '');
    const where = locate(file, path).slice(0, -`: ${path || '(root)'}`.length);
    return where === file ? problem : `${where}: ${rest}`;
  };
}

/** Levenshtein distance, for "did you mean" suggestions. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      prev = next;
    }
  }
  return row[b.length];
}

/** The candidate nearest to `word`, when it is near enough to be the intended one. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  // An abbreviation (`int`, `bool`) is nearest to what it abbreviates, however many letters it leaves out.
  const expanded = candidates.find((c) => word.length >= 3 && c.toLowerCase().startsWith(word.toLowerCase()));
  if (expanded) return expanded;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** A few values of a long list and its size (`AD, AE, AF, AG, AI … (190 values)`), the whole of a short one. */
export function few(values: readonly unknown[], shown = 6): string {
  const text = values.slice(0, shown).map((v) => JSON.stringify(v));
  return values.length > shown ? `${text.join(', ')} … (${values.length} values)` : text.join(', ');
}
