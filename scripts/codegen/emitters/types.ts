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

export async function emitTypes(model: Model): Promise<Record<string, string>> {
  const parts: string[] = [];
  for (const e of model.entities) {
    parts.push(await compile(recordSchema(model, e.name), pascal(e.name), { bannerComment: '', format: true, additionalProperties: false }));
  }
  return { 'types.ts': `${BANNER}\n${parts.map((p) => p.trim()).join('\n\n')}\n` };
}
