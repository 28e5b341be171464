/**
 * generated/states.ts: each entity's state machine (`x-admin.states`) with its statuses as codes: the field it moves
 * and, by transition, the statuses it runs from (every one when the schema names none), the one it leads to, the
 * message a refusal answers and the fields it sets. The server enforces them and the admin offers only what they
 * allow, both reading this one statement.
 */
import type { Model } from '../model';
import { BANNER, key, literal } from '../print';

export function emitStates(model: Model): Record<string, string> {
  const blocks = Object.entries(model.raw)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([resource, s]) => {
      const machine = s['x-admin'].states;
      const field = machine && s.properties[machine.field];
      const names = field?.['x-admin']?.enumNames;
      if (!machine || !field?.enum || !names) return [];
      const code = (name: string) => field.enum!.find((v) => names[String(v)] === name);
      const transitions = Object.fromEntries(
        Object.entries(machine.transitions).map(([name, t]) => [
          name,
          {
            from: t.from ? t.from.map(code) : field.enum,
            ...(t.to === undefined ? {} : { to: code(t.to) }),
            refused: t.refused,
            ...(t.fields ? { fields: t.fields } : {}),
            ...(t.required ? { required: t.required } : {}),
          },
        ]),
      );
      return [`  ${key(resource)}: ${literal({ field: machine.field, transitions }, '  ')},`];
    });
  return {
    'states.ts': `${BANNER}import type { StateMachine } from '../src/shared/entity-meta';

/** State machines by resource (schemas' \`x-admin.states\`), statuses as codes. */
export const states = {
${blocks.join('\n')}
} as const satisfies Record<string, StateMachine>;
`,
  };
}
