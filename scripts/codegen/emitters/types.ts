/** generated/types.ts: one TypeScript interface per entity (json-schema-to-typescript), e.g. `export interface Brand`. */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import type { Model, RawProperty } from '../model';
import { BANNER, pascal } from '../print';

/** The record as the API returns it: id always present, write-only fields optional, x-admin dropped. */
function recordSchema(model: Model, name: string): JSONSchema {
  const raw = model.raw[name];
  const properties = Object.fromEntries(
    Object.entries(raw.properties).map(([k, p]) => {
      const { 'x-admin': _x, ...rest } = p as RawProperty;
      return [k, rest];
    }),
  );
  return {
    title: pascal(name),
    type: 'object',
    additionalProperties: false,
    // writeOnly fields (passwords) never come back from the API.
    required: [...new Set(['id', ...(raw.required ?? []).filter((r) => !raw.properties[r].writeOnly)])],
    properties,
  } as JSONSchema;
}

/** Two-space indentation by brace depth: the compiler's own formatting goes through Prettier, ten times slower. */
const indentBraces = (ts: string) => {
  let depth = 0;
  return ts
    .split('\n')
    .map((line) => {
      const text = line.trim().replace(/^(\w+\??): \(([^()]*)\)$/, '$1: $2');
      if (text.startsWith('}')) depth--;
      const member = depth > 0 && text && !/[{};,]$/.test(text);
      const out = text ? `${'  '.repeat(Math.max(depth, 0))}${text}${member ? ';' : ''}` : '';
      if (text.endsWith('{')) depth++;
      return out;
    })
    .join('\n');
};

export async function emitTypes(model: Model): Promise<Record<string, string>> {
  const parts: string[] = [];
  for (const e of model.entities) {
    const ts = await compile(recordSchema(model, e.name), pascal(e.name), {
      bannerComment: '',
      format: false,
      additionalProperties: false,
    });
    parts.push(indentBraces(ts));
  }
  return { 'types.ts': `${BANNER}\n${parts.map((p) => p.trim()).join('\n\n')}\n` };
}
