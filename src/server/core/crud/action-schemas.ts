import { actions, type Actions } from '../../../../generated/actions.js';
import type { Typed } from '../route-types.js';
import { entityBody, fieldsBody, parametersBody, type UpdateLine } from './bodies.js';
import { entityName, runtime } from './runtime.js';
import { countSchema, envelopeSchema, idSchema, idsSchema, querySchema, textSchema } from './schemas.js';

/** A call that states its input (`op` in its schema's `x-admin.actions`). */
type Declared = {
  [R in keyof Actions]: {
    [N in keyof Actions[R]]: Actions[R][N] extends { op: string } ? [R, N] : never;
  }[keyof Actions[R]];
}[keyof Actions];
type ResourceOf<D> = D extends [infer R, unknown] ? R : never;
type Decl<R, N> = R extends keyof Actions ? (N extends keyof Actions[R] ? Actions[R][N] : never) : never;

type Kinds = { id: number; ids: number[]; list: unknown; text: string; status: number };
type ParamsOf<D> = D extends { params: infer P } ? P : Record<never, never>;
type RequiredOf<D> = D extends { required: readonly (infer Q)[] } ? Q : never;
/** The query a call's parameters make, as the edge hands it (an id a number, ids distinct numbers). */
type QueryOf<D, P = ParamsOf<D>> = {
  [K in keyof P as K extends RequiredOf<D> ? K : never]: P[K] extends keyof Kinds ? Kinds[P[K]] : unknown;
} & { [K in keyof P as K extends RequiredOf<D> ? never : K]?: P[K] extends keyof Kinds ? Kinds[P[K]] : unknown };

/** An `updateMany` with fields takes lines: the body is a list, the query holds none of its parameters. */
type Lines<D> = D extends { op: 'updateMany'; fields: readonly [unknown, ...unknown[]] } ? true : false;

interface Input {
  op: string;
  of?: string;
  fields?: readonly string[];
  params?: Readonly<Record<string, keyof Kinds>>;
  required?: readonly string[];
  answer?: 'count' | 'record';
}

/** A note or other text as typed: the first, if repeated; whether it shows anything is the handler's rule. */
const textOnce = { type: 'string' } as const;
/** A status: an integer; which ones a call takes is its handler's rule (the machine's transitions). */
const PARAM_SCHEMAS = {
  id: idSchema,
  ids: idsSchema,
  list: textSchema,
  text: textOnce,
  status: { type: 'integer' } as const,
};

const inputOf = (resource: string, name: string): Input => {
  const declared: Partial<Record<string, Partial<Record<string, { method: string } & Partial<Input>>>>> = actions;
  const input = declared[resource]?.[name];
  if (!input?.op) throw new Error(`${resource}.${name} states no input (x-admin.actions: op)`);
  return { ...input, op: input.op };
};

/**
 * A declared call's route schema from its schema's statement (`x-admin.actions`): the parameters as a query (upstream
 * sends them in the query or the body alike: merged at the edge), the record's fields it takes as the body (the whole
 * record of a create that names none), and its answer. Domains keep only the handler and the rules no schema states.
 */
export function actionSchema<const R extends ResourceOf<Declared>, const N extends Extract<Declared, [R, unknown]>[1]>(
  resource: R,
  name: N,
): {
  querystring: Typed<Lines<Decl<R, N>> extends true ? Record<never, never> : QueryOf<Decl<R, N>>>;
  body: Lines<Decl<R, N>> extends true ? Typed<UpdateLine[]> : Record<string, unknown>;
  response: Record<string, unknown>;
};
export function actionSchema(
  resource: string,
  name: string,
): { querystring: Record<string, unknown>; body: Record<string, unknown>; response: Record<string, unknown> } {
  const input = inputOf(resource, name);
  const entity = entityName(input.of ?? resource);
  const params = Object.entries(input.params ?? {});
  const required = input.required ?? [];
  const parameters = querySchema(
    params.map(([n]) => n),
    Object.fromEntries(params.map(([n, kind]) => [n, PARAM_SCHEMAS[kind]])),
    required.filter((r) => params.some(([n]) => n === r)),
  );
  const fields = input.fields ?? [];
  const requiredFields = required.filter((r) => fields.includes(r));
  // Lines (an order's delivery lines): each its parameters, its record named by the id one, and the fields.
  const lineId = input.op === 'updateMany' && fields.length ? params.find(([, kind]) => kind === 'id')?.[0] : undefined;
  const querystring = lineId ? querySchema([]) : parameters;
  // No fields (a close): the body only carries the parameters, checked as the query they join.
  const body = lineId
    ? entityBody(entity, 'update', {
        fields: [...fields],
        required: requiredFields,
        lines: { id: lineId, params: parameters },
      })
    : input.fields?.length === 0
      ? parametersBody(querystring)
      : input.fields
        ? fieldsBody(entity, input.fields, requiredFields)
        : entityBody(entity, 'create');
  const answer = input.answer === 'record' ? runtime(entity).recordSchema : countSchema;
  return { querystring, body, response: envelopeSchema(answer) };
}
