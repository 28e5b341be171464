/**
 * generated/enums.ts: one `as const` object per enum whose values the schema names (`x-admin.enumNames`), so server
 * and admin code say `OrderStatus.closed` instead of restating the code 4. Named `<Resource><Field>`.
 */
import { CodegenError, type Model } from '../model';
import { BANNER, literal, pascal } from '../print';

export function emitEnums(model: Model): Record<string, string> {
  const blocks: string[] = [];
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const [resource, s] of Object.entries(model.raw).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [field, p] of Object.entries(s.properties)) {
      const names = p['x-admin']?.enumNames;
      if (!names || !p.enum) continue;
      const name = pascal(resource) + pascal(field);
      if (seen.has(name)) clashes.push(`${resource}.${field}: enum name ${name} is also ${seen.get(name)}'s`);
      seen.set(name, `${resource}.${field}`);
      const members = Object.fromEntries(p.enum.map((v) => [names[String(v)], v]));
      blocks.push(
        `/** ${resource}.${field} */\nexport const ${name} = ${literal(members)} as const;\n` +
          `export type ${name} = (typeof ${name})[keyof typeof ${name}];\n`,
      );
    }
  }
  if (clashes.length) throw new CodegenError(clashes);
  return { 'enums.ts': `${BANNER}\n${blocks.join('\n')}` };
}
