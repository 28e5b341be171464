// @vitest-environment jsdom
/**
 * Hand-written forms take their rules from the schemas through the kit: a rule a form used to miss (a quantity
 * discount of at most 10, productLadder.discount `maximum: 10`) now stops the save, a child entity's input is
 * labelled from its schema, and the SKU table says when a cell breaks skuStock's bounds.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Form, ResourceContextProvider, SaveButton, testDataProvider, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import messagesEn from '../../src/admin/i18n/messages.en';
import messagesZh from '../../src/admin/i18n/messages.zh';
import { NumberInput, fieldMeta, fieldRules, schemaDefaults } from '../../src/admin/kit';
import { setDictionary } from '../../src/admin/i18n/dictionary';
import { PriceStrategyInput } from '../../src/admin/resources/product/PriceStrategyInput';
import { SkuTable } from '../../src/admin/resources/product/SkuTable';
import { regenerateSkus } from '../../src/admin/resources/product/skuCombos';

const messages = { en: messagesEn, zh: messagesZh };

const i18nProvider = polyglotI18nProvider(() => messages.en as any, 'en', { allowMissing: true });

const inForm = (children: ReactNode, defaultValues: Record<string, unknown>, onSubmit = vi.fn()) =>
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
      <ResourceContextProvider value="product">
        <Form defaultValues={defaultValues} onSubmit={onSubmit}>
          {children}
          <SaveButton alwaysEnable />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );

afterEach(cleanup);

describe('schema rules in hand-written forms', () => {
  it('the schema holds the rule the price strategy form used to miss', () => {
    const discount = fieldMeta('productLadder', 'discount');
    expect(discount?.maximum).toBe(10);
    expect(fieldRules(discount)).toHaveLength(2); // minimum 0, maximum 10
  });

  it("asks for a promotion's price only while the strategy is a promotion (requiredWhen), as the server does", () => {
    setDictionary(messagesEn);
    const [rule] = fieldRules(fieldMeta('product', 'promotionPrice')).slice(-1);
    expect(rule).toHaveProperty('isRequired', true);
    expect(rule!(undefined, { promotionType: 1 }, {} as never)).toMatchObject({ message: 'app.validation.enter' });
    expect(rule!(undefined, { promotionType: 0 }, {} as never)).toBeUndefined();
    expect(rule!(9, { promotionType: 1 }, {} as never)).toBeUndefined();
  });

  it('refuses a quantity discount above 10 on save, and saves 10', async () => {
    const onSubmit = vi.fn();
    const ladder = (discount: number) => ({ promotionType: 3, productLadderList: [{ count: 2, discount, price: 90 }] });
    inForm(<PriceStrategyInput />, ladder(11), onSubmit);
    const input = await screen.findByLabelText(/Discount \(0-10\)/);
    expect((input as HTMLInputElement).value).toBe('11');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Must be 10 or less')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].productLadderList[0].discount).toBe(10);
  });

  it("labels a child entity's input from its schema when no screen names it", async () => {
    inForm(<NumberInput source="productLadderList.0.count" entity="productLadder" />, {
      productLadderList: [{ count: 1 }],
    });
    expect(await screen.findByLabelText('Quantity')).toBeTruthy(); // schemas/productLadder.json fields.count.en, through the dictionary
  });

  it("bounds the SKU table's cells by skuStock's schema and says when one breaks it", async () => {
    const rows = regenerateSkus([{ attr: { name: 'Color' }, values: ['Red'] }], [], 12);
    // A new SKU starts with the schema's defaults at the product's price.
    expect(rows[0]).toMatchObject({ ...schemaDefaults('skuStock'), price: 12 });
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <SkuTable rows={[{ ...rows[0], stock: -2 }]} onChange={() => {}} />
      </AdminContext>,
    );
    const stock = (await screen.findByRole('spinbutton', { name: 'Stock' })) as HTMLInputElement;
    expect(stock.min).toBe('-1');
    expect(stock.step).toBe('1');
    expect((screen.getByRole('spinbutton', { name: 'Sale price' }) as HTMLInputElement).step).toBe('0.01');
    expect((screen.getByRole('textbox', { name: 'SKU code' }) as HTMLInputElement).maxLength).toBe(64);
    expect(screen.getByText('Must be at least -1')).toBeTruthy();
  });
});
