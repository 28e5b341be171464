// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { resources } from '../../generated/admin/resources';
import { overrides } from '../../src/admin/resources';

const VIEWS = ['list', 'create', 'edit', 'show'] as const;

describe('one module registry', () => {
  const screened = Object.values(entities).filter((e) => !e.internal);

  it('gives every resource each of its views, generated or hand-written, never both', () => {
    for (const e of screened) {
      for (const view of VIEWS) {
        const generated = !!resources[e.name]?.[view];
        const written = !!overrides[e.name]?.[view];
        expect(generated, `${e.name}.${view} generated`).toBe(e.screens.includes(view));
        // A list may be written around the generated one (it renders it); any other view is one or the other.
        if (view !== 'list') expect(generated && written, `${e.name}.${view} is both`).toBe(false);
        // A view of something the server does not allow (an order is never created in the admin) is not needed, nor
        // a create form where rows are added by picking records (`x-admin.pick`: homepage recommendations).
        const needed =
          view === 'show'
            ? false
            : view === 'list'
              ? e.crud.list
              : view === 'create'
                ? e.crud.create && !e.pick
                : e.crud.update;
        if (!generated && needed) expect(written, `${e.name}.${view} is missing`).toBe(true);
      }
    }
  });

  // A hand-written one may (an admin account is created through /admin/register, not a generic create).
  it('generates no create or edit form the generic routes would refuse', () => {
    for (const e of screened) {
      const module = resources[e.name] ?? {};
      if (!e.crud.create) expect(module.create, `${e.name}.create`).toBeUndefined();
      if (!e.crud.update) expect(module.edit, `${e.name}.edit`).toBeUndefined();
    }
  });

  it('names only resources that have a schema', () => {
    for (const name of Object.keys(overrides)) expect(entities[name]?.internal, name).toBe(false);
  });
});
