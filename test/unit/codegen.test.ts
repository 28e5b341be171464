import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import { CodegenError, type Sources } from '../../scripts/codegen/model';
import { validators } from '../../generated/validators.js';
import { entities } from '../../generated/entities';
import { NUMBER_LIMIT } from '../../src/shared/constants';
import { splitStatements } from '../../src/server/core/migrate';
import { renameFactoryStatus } from '../codegen-edits';
import { singletonId } from '../../src/shared/entity-meta';

const root = resolve(import.meta.dirname, '../..');
const clone = <T>(v: T): T => structuredClone(v);

/** Sources of the real project with one schema edited. */
/** The number codegen gives the next migration (`0012`). */
const nextNumber = (src: Sources) =>
  String(
    Math.max(
      ...[...Object.keys(src.migrations), ...(src.handMigrations ?? [])].map((k) =>
        Number(/^sqlite\/(\d+)_/.exec(k)?.[1] ?? 0),
      ),
    ) + 1,
  ).padStart(4, '0');

/** A migration's statements as the server splits them, without their comment lines. */
const statements = (text: string) => splitStatements(text).map((s) => s.replace(/^(--.*\n)+/, ''));

function edited(src: Sources, file: string, edit: (s: any) => void): Sources {
  const out = clone(src);
  edit(out.schemas[file]);
  return out;
}

describe('codegen', () => {
  const src = readSources(root);
  const temp = mkdtempSync(join(tmpdir(), 'codegen-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('is deterministic and matches generated/', async () => {
    const [a, b] = [await generate(clone(src)), await generate(clone(src))];
    expect(a).toEqual(b);
    for (const [path, content] of Object.entries(a))
      expect(readFileSync(join(root, 'generated', path), 'utf8'), path).toBe(content);
  });

  it('--check lists a stale file, exits 1 and writes nothing', () => {
    for (const d of ['schemas', 'scripts', 'src', 'generated', 'package.json'])
      cpSync(join(root, d), join(temp, d), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(temp, 'node_modules'));
    const stale = join(temp, 'generated/menus.ts');
    writeFileSync(stale, '// edited by hand\n');
    let out = '';
    let code = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/codegen/index.ts', '--check'], {
        cwd: temp,
        stdio: 'pipe',
      });
    } catch (e) {
      const err = e as { status: number; stderr: Buffer };
      [code, out] = [err.status, err.stderr.toString()];
    }
    expect(code).toBe(1);
    expect(out).toContain('generated/menus.ts');
    expect(readFileSync(stale, 'utf8')).toBe('// edited by hand\n');
  });

  it('reports schema mistakes clearly', async () => {
    const bad = edited(src, 'brand.json', (s) => {
      s['x-admin'].list.push('nope');
      s['x-admin'].enums.showStatus['2'] = { en: 'x', zh: 'y' };
      delete s['x-admin'].fields.sort;
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toContain('x-admin.list names unknown field "nope"');
    // Every message says where: the file, line and column of the value it is about.
    for (const p of (err as CodegenError).problems) expect(p).toMatch(/^brand\.json:\d+:\d+: /);
    expect(err.message).toContain(
      `brand.json:${whereIn('brand.json', '"list": [', '"list"')}: x-admin.list names unknown field "nope"`,
    );
    expect(err.message).toContain('label for "2" which is not in enum');
    expect(err.message).toContain('no label for "sort"');
  });

  /** Where `needle` is written in a schema file, as `line:column` (1-based). */
  const whereIn = (file: string, needle: string, key: string) => {
    const lines = readFileSync(join(root, 'schemas', file), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes(needle));
    return `${line + 1}:${lines[line].indexOf(key, lines[line].indexOf(needle)) + 1}`;
  };
  const problemsOf = async (bad: Sources) => {
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    return (err as CodegenError).problems;
  };

  it('refuses a schema that contradicts itself, naming file:line:column, the JSON path and a fix', async () => {
    const problems = await problemsOf(
      edited(src, 'brand.json', (s) => {
        s.properties.showStatus.default = 2;
        s.properties.name.minLength = 200;
        s.properties.sort.minimum = 10;
        s.properties.sort.maximum = 5;
        s.properties.firstLetter.default = 'ABCDEFGHIJ';
        s.properties.productCount.default = 'none';
      }),
    );
    const at = (needle: string, key: string) => `brand.json:${whereIn('brand.json', needle, key)}`;
    expect(problems).toContain(
      `${at('"showStatus": { "type"', '"default"')}: properties.showStatus.default: default 2 is not in its enum [0, 1]. Fix: use one of them, or add 2 to "enum" (and its label)`,
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^brand\.json:\d+:\d+: properties\.name\.minLength: minLength 200 is above maxLength 140, no text fits\. Fix: swap them$/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^brand\.json:\d+:\d+: properties\.sort\.minimum: minimum 10 is above maximum 5.*Fix:/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/properties\.sort\.default: default 0 is below minimum 10\. Fix:/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/properties\.firstLetter\.default: default "ABCDEFGHIJ" is longer than maxLength 8\. Fix:/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/properties\.productCount\.default: default "none" is not an integer\. Fix:/),
    );
    // A default the column would take but no API create could send (an order's freight is bounded).
    const freight = await problemsOf(
      edited(src, 'order.json', (s) => {
        s.properties.freightAmount.default = 2_000_000;
      }),
    );
    expect(freight).toContainEqual(
      expect.stringMatching(
        /^order\.json:\d+:\d+: properties\.freightAmount\.default: default 2000000 is above maximum/,
      ),
    );
  });

  it('names a few values of a long list and its size, not all of them', async () => {
    const problems = await problemsOf(
      edited(src, 'member.json', (s) => {
        s.properties.country.default = 'XX';
      }),
    );
    const line = problems.find((p) => p.includes('properties.country.default'))!;
    expect(line).toMatch(/^member\.json:\d+:\d+: properties\.country\.default: default "XX" is not a country code \[/);
    expect(line).toMatch(/ … \(\d{3} values\)\]/);
    expect(line).not.toContain('"ZW"');
  });

  it('refuses two entities on one table or path, and a ref to a missing entity with the nearest name', async () => {
    const problems = await problemsOf(
      edited(src, 'brand.json', (s) => {
        s['x-admin'].table = 'pms_product';
        s['x-admin'].path = '/product';
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^product\.json:\d+:\d+: x-admin\.table: table pms_product is also used by brand\.json\. Fix:/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^product\.json:\d+:\d+: x-admin\.path: path \/product is also used by brand\.json\. Fix:/),
    );
    const ref = await problemsOf(
      edited(src, 'product.json', (s) => {
        s.properties.brandId['x-admin'].ref = 'brnd';
      }),
    );
    expect(ref).toContainEqual(
      expect.stringMatching(
        /^product\.json:\d+:\d+: properties\.brandId\.x-admin\.ref: ref to unknown resource "brnd"\. Fix: did you mean "brand"\?$/,
      ),
    );
  });

  it('refuses an unknown x-admin key with the nearest known one, and a type JSON Schema lacks with the list', async () => {
    const problems = await problemsOf(
      edited(src, 'brand.json', (s) => {
        s['x-admin'].sortabel = ['id'];
        s.properties.name['x-admin'] = { uniqe: true };
        s.properties.sort.type = 'int';
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^brand\.json:\d+:\d+: x-admin\.sortabel: unknown key "sortabel"\. Fix: did you mean "sortable"\?$/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^brand\.json:\d+:\d+: properties\.name\.x-admin\.uniqe: unknown key "uniqe"\. Fix: did you mean "unique"\?$/,
      ),
    );
    expect(problems).toContain(
      `brand.json:${whereIn('brand.json', '"sort": {', '"type"')}: properties.sort.type: "int" is not a JSON Schema type (string, number, integer, boolean, object, array, null). Fix: "type": "integer"`,
    );
  });

  it('reads the schema files reporting syntax errors and keys written twice by line and column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'codegen-json-'));
    try {
      cpSync(join(root, 'schemas'), join(dir, 'schemas'), { recursive: true });
      const brand = join(dir, 'schemas/brand.json');
      // `"sort": { "type": "integer", "default": 0 }` with a second default: JSON.parse keeps the last silently.
      writeFileSync(brand, readFileSync(brand, 'utf8').replace('"default": 0 },', '"default": 0, "default": 5 },'));
      const news = join(dir, 'schemas/news.json');
      const lines = readFileSync(news, 'utf8').split('\n');
      lines[3] = lines[3].replace(/,\s*$/, ''); // `"title": "News"` without its comma
      writeFileSync(news, lines.join('\n'));
      let err: unknown;
      try {
        readSources(dir);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(CodegenError);
      const { problems } = err as CodegenError;
      const sortLine = whereIn('brand.json', '"sort": {', '"default"').split(':')[0];
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^brand\\.json:${sortLine}:\\d+: properties\\.sort\\.default: key "default" is written twice \\(first at ${sortLine}:\\d+\\); JSON keeps only the last\\. Fix: keep one of them$`,
          ),
        ),
      );
      expect(problems).toContain('news.json:5:3: JSON syntax error: expected "," or "}" (a missing comma?), found """');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names enum values for code (x-admin.enumNames): every value once, as identifiers', async () => {
    const files = await generate(clone(src));
    expect(files['enums.ts']).toContain(
      'export const OrderStatus = { pendingPayment: 0, pendingShipment: 1, shipped: 2, completed: 3, closed: 4, invalid: 5 } as const;',
    );
    const bad = edited(src, 'order.json', (s) => {
      s.properties.payStatus['x-admin'].enumNames = { '0': 'unpaid', '1': 'unpaid', '7': 'x' };
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toContain('payStatus: x-admin.enumNames: missing a name for value 2');
    expect(err.message).toContain('payStatus: x-admin.enumNames: names "7" which is not in enum');
    expect(err.message).toContain('payStatus: x-admin.enumNames: name "unpaid" is used twice');
    const notIdentifier = edited(src, 'order.json', (s) => {
      s.properties.deliveryStatus['x-admin'].enumNames = { '0': 'not shipped', '1': 'shipped' };
    });
    expect((await generate(notIdentifier).catch((e) => e)).message).toContain(
      'properties.deliveryStatus.x-admin.enumNames.0: must match pattern',
    );
  });

  it('bounds every number field by its NUMERIC(14,2) column unless the schema bounds it tighter', async () => {
    const price = entities.product.fields.find((f) => f.name === 'price')!;
    expect(price).toMatchObject({ input: 'money', minimum: 0, maximum: NUMBER_LIMIT });
    const freight = entities.order.fields.find((f) => f.name === 'freightAmount')!;
    expect(freight.maximum).toBe(1_000_000);
    expect(validators.product.update({ price: NUMBER_LIMIT })).toBe(true);
    expect(validators.product.update({ price: 1e12 })).toBe(false);
    const past = edited(src, 'product.json', (s) => {
      s.properties.price.maximum = 1e15;
    });
    expect((await generate(past).catch((e) => e)).message).toContain(
      `price: "minimum" and "maximum" must lie within ±${NUMBER_LIMIT}`,
    );
  });

  it('emits writableBy into the field metadata, and refuses it on a field clients do not write', async () => {
    const out = await generate(src);
    const entities = Object.entries(out).find(([k]) => /(^|\/)entities\.ts$/.test(k) && !k.includes('admin'))![1];
    const verify = entities.slice(entities.indexOf("name: 'verifyStatus'"));
    expect(verify.slice(0, verify.indexOf('name:', 1))).toContain("writableBy: 'platform'");
    const bad = edited(src, 'product.json', (s) => {
      s.properties.sale['x-admin'] = { writableBy: 'platform' };
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toContain('sale: "writableBy" is for a field clients write');
  });

  it('emits requiredWhen into the field metadata, and refuses a field or value that is not there', async () => {
    const out = await generate(src);
    expect(out['entities.ts']).toContain("requiredWhen: { field: 'promotionType', values: [1] }");
    const bad = edited(src, 'product.json', (s) => {
      s.properties.promotionPrice['x-admin'].requiredWhen = { promotionKind: [1] };
      s.properties.promotionStartTime['x-admin'].requiredWhen = { promotionType: [9] };
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toContain('promotionPrice: "requiredWhen" must name another field of the schema');
    expect(err.message).toContain('promotionStartTime: "requiredWhen" gives values promotionType cannot have');
  });

  it('emits x-admin.confirm for the UI, and refuses a name that is neither "delete" nor a switch field', async () => {
    const out = await generate(src);
    const ui = Object.entries(out).find(([k]) => /admin\/entities\.ts$/.test(k))![1];
    const entity = (name: string) =>
      ui.slice(ui.indexOf(`\n  ${name}: {`), ui.indexOf('\n  },', ui.indexOf(`\n  ${name}: {`)));
    expect(entity('role')).toContain("confirm: ['delete']");
    expect(entity('brand')).not.toContain('confirm:');
    const bad = edited(src, 'brand.json', (s) => {
      s['x-admin'].confirm = ['delete', 'name'];
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toContain('x-admin.confirm: "name" is neither "delete" nor a switch field');
  });

  it('emits the declared actions with their full paths, and refuses a call declared twice or a react-admin name', async () => {
    const out = await generate(src);
    expect(out['actions.ts']).toContain("roles: { method: 'GET', path: '/admin/role/{id}', url: '/admin/role/:id' }");
    expect(out['actions.ts']).toContain(
      "dashboard: { method: 'GET', path: '/dashboard/summary', url: '/dashboard/summary' }",
    );
    const bad = edited(src, 'brand.json', (s) => {
      s['x-admin'].actions = {
        summary: { method: 'GET', path: '/summary', base: '/dashboard' },
        edit: { method: 'POST', path: '/x/{id}' },
      };
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toMatch(
      /shop\.json:\d+:\d+: x-admin\.actions\.dashboard is the call of brand\.json \(summary\) too/,
    );
    expect(err.message).toContain("x-admin.actions.edit is a react-admin action's name");
  });

  it('emits the state machines with statuses as codes, and refuses a status, message or field not there', async () => {
    const out = await generate(src);
    expect(out['states.ts']).toContain("close: { from: [0], to: 4, refused: 'orderNotClosable', fields: [] }");
    // No `from`: every status.
    expect(out['states.ts']).toContain("message: { from: [0, 1, 2, 3, 4, 5], refused: 'failed' }");
    expect(out['states.ts']).toMatch(/confirm: \{[^}]*required: \['returnAmount', 'companyAddressId'\]/);
    const bad = edited(src, 'order.json', (s) => {
      s['x-admin'].states.transitions.close = {
        from: ['unpaid'],
        to: 'closed',
        refused: 'noSuchMessage',
        fields: ['x'],
        required: ['note'],
      };
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toContain('x-admin.states.transitions.close.required: "note" is not one of its fields');
    expect(err.message).toContain('x-admin.states.transitions.close: "unpaid" is not one of status\'s');
    expect(err.message).toContain('x-admin.states.transitions.close.refused: "noSuchMessage" is not a key');
    expect(err.message).toContain('x-admin.states.transitions.close.fields: "x" is not a property');
    const notEnum = edited(src, 'order.json', (s) => void (s['x-admin'].states.field = 'note'));
    expect((await generate(notEnum).catch((e) => e)).message).toContain(
      'x-admin.states.field: "note" is not an enum property with x-admin.enumNames',
    );
  });

  it("emits what a declared call takes, its transition's fields when it names none, and refuses what is not there", async () => {
    const out = await generate(src);
    // The receiver's fields come from its transition; the order's version rides along as If-Match would.
    expect(out['actions.ts']).toMatch(
      /receiverInfo: \{ orderId: Id \} & Partial<Pick<Order, 'receiverName' \| [^>]*'receiverDetailAddress'>> & Partial<Pick<Order, 'rowVersion'>>;/,
    );
    expect(out['actions.ts']).toContain(
      "delivery: ({ orderId: Id } & Required<Pick<Order, 'deliveryCompany' | 'deliverySn'>>)[];",
    );
    expect(out['actions.ts']).toContain("message: Partial<Omit<OrderMessage, 'id'>>;");
    expect(out['actions.ts']).toMatch(/receiverInfo: \{[^}]*op: 'update',[^}]*fields: \[\s*'receiverName'/);
    const bad = edited(src, 'order.json', (s) => {
      Object.assign(s['x-admin'].actions.note, { transition: 'noSuch', fields: ['x', 'orderSn'], required: ['y'] });
      Object.assign(s['x-admin'].actions.message, { of: 'nothing' });
      Object.assign(s['x-admin'].actions.delivery, { params: { orderId: 'id', note: 'text' } });
    });
    const err = await generate(bad).catch((e) => e);
    expect(err).toBeInstanceOf(CodegenError);
    expect(err.message).toContain('x-admin.actions.note.transition: "noSuch" is not one of x-admin.states.transitions');
    expect(err.message).toContain('x-admin.actions.note.fields: "x" is not a writable property');
    expect(err.message).toContain('x-admin.actions.note.required: "y" is neither one of its fields nor a parameter');
    expect(err.message).toContain('x-admin.actions.message.of: "nothing" is not a resource');
    expect(err.message).toContain(
      'x-admin.actions.delivery.params: an updateMany with fields takes lines, each naming its record by one "id" parameter',
    );
  });

  it('emits x-admin.singleton, the id of a settings record, for server and screens alike', async () => {
    const out = await generate(src);
    for (const file of ['entities.ts', 'admin/entities.ts']) expect(out[file]).toContain('singleton: 1');
    expect(singletonId(entities.orderSetting)).toBe(1);
    expect(() => singletonId(entities.brand)).toThrow('brand declares no x-admin.singleton');
  });

  it('emits a child list sent as ids, and its maxItems; refuses ids that are not a ref, or a generated form for them', async () => {
    expect(entities.productCategory.children).toEqual([
      {
        key: 'productAttributeIdList',
        resource: 'productCategoryAttributeRelation',
        ids: 'productAttributeId',
        maxItems: 3,
      },
    ]);
    expect(entities.product.children?.find((c) => c.key === 'productLadderList')?.maxItems).toBe(3);
    const list = (edit: (c: any) => void) =>
      edited(src, 'productCategory.json', (s) => edit(s['x-admin'].children.productAttributeIdList));
    await expect(generate(list((c) => (c.ids = 'productCategoryId')))).rejects.toThrow(
      'x-admin.children.productAttributeIdList.ids: "productCategoryId" must be a ref field of productCategoryAttributeRelation, not its parent',
    );
    await expect(generate(list((c) => (c.keep = 'id')))).rejects.toThrow('"ids" and "keep" do not go together');
    const generatedForm = edited(src, 'productCategory.json', (s) => (s['x-admin'].screens = ['list', 'edit']));
    await expect(generate(generatedForm)).rejects.toThrow('ids needs a hand-written form');
    await expect(generate(list((c) => (c.maxItems = 0)))).rejects.toThrow(/maxItems/);
  });

  it('migration diff appends only the additions, and refuses drops', async () => {
    const more = edited(src, 'brand.json', (s) => {
      s.properties.site = { type: 'string', maxLength: 200 };
      s['x-admin'].fields.site = { en: 'Site', zh: '网站' };
      s['x-admin'].filters.site = 'like';
    });
    const files = await generate(more);
    const next = nextNumber(src);
    const added = Object.keys(files).filter(
      (f) => f.startsWith('migrations/') && !(f.slice('migrations/'.length) in src.migrations),
    );
    expect(added.sort()).toEqual([
      `migrations/postgres/${next}_alter_pms_brand.sql`,
      `migrations/sqlite/${next}_alter_pms_brand.sql`,
    ]);
    expect(statements(files[`migrations/sqlite/${next}_alter_pms_brand.sql`])).toEqual([
      'ALTER TABLE pms_brand ADD COLUMN site TEXT;',
      'CREATE INDEX idx_pms_brand_site ON pms_brand (site);',
    ]);
    expect(files[`migrations/postgres/${next}_alter_pms_brand.sql`]).toContain('ADD COLUMN site VARCHAR(200);');
    const named = await generate({ ...more, migrationName: 'brand_site' });
    expect(named[`migrations/sqlite/${next}_brand_site.sql`]).toBe(
      files[`migrations/sqlite/${next}_alter_pms_brand.sql`].replace('alter_pms_brand', 'brand_site'),
    );

    const dropped = edited(src, 'brand.json', (s) => {
      delete s.properties.bigPic;
      delete s['x-admin'].fields.bigPic;
    });
    await expect(generate(dropped)).rejects.toThrow(
      /column pms_brand.big_pic was removed: to drop it and its data say so/,
    );
  });

  it('renames a column the schema says was renamed, keeping its data; the indexes follow', async () => {
    const renamed = await generate(renameFactoryStatus(src));
    const next = nextNumber(src);
    for (const dir of ['sqlite', 'postgres'])
      expect(statements(renamed[`migrations/${dir}/${next}_alter_pms_brand.sql`])).toEqual([
        'ALTER TABLE pms_brand RENAME COLUMN factory_status TO maker_status;',
        'DROP INDEX IF EXISTS idx_pms_brand_factory_status_sort_id;',
        'CREATE INDEX idx_pms_brand_maker_status_sort_id ON pms_brand (maker_status, sort, id);',
      ]);
    // A rename that also changes the column: renamed first, changed under its new name.
    const changed = await generate(renameFactoryStatus(src, (p) => (p.default = 1)));
    expect(statements(changed[`migrations/postgres/${next}_alter_pms_brand.sql`]).slice(0, 2)).toEqual([
      'ALTER TABLE pms_brand RENAME COLUMN factory_status TO maker_status;',
      'ALTER TABLE pms_brand ALTER COLUMN maker_status SET DEFAULT 1;',
    ]);
    // Without renamedFrom it is a removal, and the message says how to state a rename.
    const unstated = renameFactoryStatus(src, (p) => delete p['x-admin'].renamedFrom);
    await expect(generate(unstated)).rejects.toThrow(/was removed: .* for a rename, "x-admin": \{ "renamedFrom"/);
  });

  it('refuses the schema changes a migration cannot make on its own, saying what to add', async () => {
    const noFill = edited(src, 'brand.json', (s) => s.required.push('bigPic'));
    await expect(generate(noFill)).rejects.toThrow(
      /column pms_brand.big_pic becomes required: existing rows without a value need one, a "default" or "x-admin": \{ "backfill"/,
    );
    const badFill = edited(src, 'brand.json', (s) => {
      s.required.push('showStatus');
      s.properties.showStatus['x-admin'] = { backfill: 7 };
    });
    await expect(generate(badFill)).rejects.toThrow(/x-admin\.backfill 7 is not in its enum \[0, 1\]/);
    const retyped = edited(src, 'brand.json', (s) => (s.properties.logo = { type: 'integer' }));
    await expect(generate(retyped)).rejects.toThrow(
      /pms_brand.logo changes type VARCHAR\(255\) → BIGINT, which does not convert/,
    );
    const stranger = edited(src, 'coupon.json', (s) => (s['x-admin'].access = { Cashier: 'none' }));
    await expect(generate(stranger)).rejects.toThrow(
      /x-admin.access: role "Cashier" is not one of app-menus.json's roles \["Seller", "Operator"\]/,
    );
    const both = edited(src, 'brand.json', (s) => (s['x-admin'].dropped = ['logo']));
    await expect(generate(both)).rejects.toThrow(/x-admin.dropped names "logo", which is still a property/);
  });

  it('derives list indexes from filters, their defaults and the default order; drops the ones no longer derived', async () => {
    const changed = edited(src, 'brand.json', (s) => {
      delete s['x-admin'].filters.factoryStatus;
      s['x-admin'].filters.showStatus = { op: 'eq', default: 1 };
    });
    const files = await generate(changed);
    expect(statements(files[`migrations/sqlite/${nextNumber(src)}_alter_pms_brand.sql`])).toEqual([
      'DROP INDEX IF EXISTS idx_pms_brand_factory_status_sort_id;',
      'DROP INDEX IF EXISTS idx_pms_brand_sort_id;',
      'CREATE INDEX idx_pms_brand_sort ON pms_brand (sort);',
    ]);
  });
});

describe('generated validators', () => {
  it('enforce lengths on create', () => {
    const body = { name: 'a' };
    expect(validators.brand.create(body)).toBe(false);
    expect(validators.brand.create.errors?.[0]).toMatchObject({ instancePath: '/name', keyword: 'minLength' });
  });

  it('strip unknown and read-only keys and coerce numeric strings', () => {
    const body: Record<string, unknown> = {
      name: 'Apple',
      id: 9,
      productCount: 5,
      foo: 'x',
      sort: '12',
      showStatus: '0',
    };
    expect(validators.brand.create(body)).toBe(true);
    expect(body).toEqual({ name: 'Apple', sort: 12, showStatus: 0 });
  });

  it('update is partial but checks what is given', () => {
    expect(validators.brand.update({ sort: 3 })).toBe(true);
    expect(validators.brand.update({ showStatus: 7 })).toBe(false);
    expect(validators.brand.update({ logo: null })).toBe(true);
  });
});
