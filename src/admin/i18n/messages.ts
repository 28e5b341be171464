import type { en } from './en';

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Later sources win, key by key. */
export const deepMerge = (...sources: unknown[]): Tree => {
  const out: Tree = {};
  for (const source of sources.filter(isTree)) {
    for (const [key, value] of Object.entries(source)) {
      out[key] = isTree(value) && isTree(out[key]) ? deepMerge(out[key], value) : value;
    }
  }
  return out;
};

type SpecMessages = typeof en.app.message;

/**
 * react-admin's own notifications in the spec's words (§8, app.message.*). One form only: polyglot then uses it
 * for any smart_count, so a bulk delete of 3 also says "Delete Success".
 */
export const specNotifications = (m: SpecMessages) => ({
  ra: {
    notification: {
      deleted: m.deleteSuccess,
      updated: m.editSuccess,
      created: m.submitSuccess,
      canceled: m.operationCancelled,
    },
    message: { invalid_form: m.validationFailed },
  },
});
