/** The codegen pipeline: sources → model → every emitter's files (paths relative to generated/). */
import type { Model, Sources } from './model';
import { parseModel } from './load';
import { emitEntities } from './emitters/entities';
import { emitValidators } from './emitters/validators';
import { emitMenus } from './emitters/menus';
import { emitI18n } from './emitters/i18n';
import { emitTypes } from './emitters/types';
import { emitMigrations } from './emitters/migrations/index';
import { emitAdmin } from './emitters/admin';
import { emitOpenapi } from './emitters/openapi';
import { emitCountries } from './emitters/countries';
import { emitDatabase } from './emitters/database';
import { emitEnums } from './emitters/enums';
import { emitActions } from './emitters/actions';
import { emitStates } from './emitters/states';

type Emitter = (model: Model, src: Sources) => Record<string, string> | Promise<Record<string, string>>;

/** In priority order; later emitters may rely on nothing but the model and sources. */
export const emitters: Emitter[] = [
  emitEntities,
  emitValidators,
  emitMenus,
  emitI18n,
  emitTypes,
  emitMigrations,
  emitAdmin,
  emitOpenapi,
  emitCountries,
  emitDatabase,
  emitEnums,
  emitActions,
  emitStates,
];

export async function generate(src: Sources): Promise<Record<string, string>> {
  const model = parseModel(src);
  const files: Record<string, string> = {};
  for (const emit of emitters) Object.assign(files, await emit(model, src));
  return Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((k) => [k, files[k]]),
  );
}
