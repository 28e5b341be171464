// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Admin, Resource, testDataProvider, memoryStore } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { resources } from '../../generated/admin/resources';
import en from '../../generated/i18n/en';
import { setDictionary } from '../../src/admin/i18n/dictionary';
import messagesEn from '../../src/admin/i18n/messages.en';

const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...en }) as any, 'en');

const brands = [
  { id: 1, name: 'Apple', firstLetter: 'A', sort: 5, showStatus: 1, factoryStatus: 0, productCount: 3 },
  { id: 2, name: 'Huawei', firstLetter: 'H', sort: 1, showStatus: 0, factoryStatus: 1, productCount: 0 },
];

const shops = [
  {
    id: 1,
    shopName: 'Corner store',
    country: 'US',
    currency: 'USD',
    status: 1,
    approvalMode: 1,
    paypalSecret: '****cret',
  },
];
const products = [
  {
    id: 1,
    name: 'Phone X',
    productSn: 'SN-1',
    price: 99,
    stock: -1,
    publishStatus: 1,
    newStatus: 0,
    recommandStatus: 0,
    verifyStatus: 1,
  },
];
const data: Record<string, any[]> = { brand: brands, shop: shops, product: products };

const dataProvider = testDataProvider({
  getList: async (r) => ({ data: data[r] ?? [], total: (data[r] ?? []).length }) as any,
  getOne: async (r, { id }) => ({ data: (data[r] ?? []).find((b) => b.id === Number(id)) }) as any,
  getMany: async (r, { ids }) => ({ data: (data[r] ?? []).filter((b) => ids.includes(b.id)) }) as any,
});

const renderAt = (hash: string) => {
  window.history.replaceState({}, '', hash);
  render(
    <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      {Object.entries(resources).map(([name, r]) => (
        <Resource key={name} name={name} {...r} />
      ))}
    </Admin>,
  );
};

// The kit's required-field prompts name the field in the user's language, from the app's dictionary (main.tsx sets it).
beforeAll(() => setDictionary(messagesEn));
// Each screen unmounted after its test: a screen left mounted keeps its live watch, whose stream timer would fire once
// the file's environment (its localStorage) is gone.
afterEach(() => cleanup());

describe('generated screens', () => {
  it('render the brand list with its batch fields as inline switches, labelled from i18n', async () => {
    renderAt('/#/brand');
    await waitFor(() => expect(screen.getByText('Huawei')).toBeTruthy(), { timeout: 15_000 });
    expect(screen.getByText('Apple')).toBeTruthy();
    const shown = await screen.findAllByRole('switch', { name: 'Shown' }); // x-admin.batch showStatus
    expect(shown.map((s) => (s as HTMLInputElement).checked)).toEqual([true, false]);
    expect(screen.getAllByRole('switch', { name: 'Manufacturer' })).toHaveLength(2);
    expect(screen.getAllByText('Brands').length).toBeGreaterThan(0);
  });

  it('render an enum column with its translated value labels', async () => {
    renderAt('/#/shop');
    await waitFor(() => expect(screen.getByText('Corner store')).toBeTruthy(), { timeout: 15_000 });
    expect(screen.getByText('Manual')).toBeTruthy(); // enums.shop.approvalMode.1
    expect(screen.getByText('United States')).toBeTruthy(); // countries.US
  });

  it('render the brand edit form with its inputs', async () => {
    renderAt('/#/brand/1');
    await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Apple'), {
      timeout: 15_000,
    });
  });

  it('render the product list', async () => {
    renderAt('/#/product');
    await waitFor(() => expect(screen.getByText('Phone X')).toBeTruthy(), { timeout: 15_000 });
    expect(screen.getByText('SN-1')).toBeTruthy();
    expect(screen.getAllByRole('switch', { name: 'On shelf' })).toHaveLength(1); // the batch field publishStatus
  });

  it('render a list as a SimpleList on a phone held upright, whatever its width (spec §4: height/width > 1.5)', async () => {
    const size = { innerWidth: window.innerWidth, innerHeight: window.innerHeight };
    Object.assign(window, { innerWidth: 800, innerHeight: 1300 });
    try {
      renderAt('/#/brand');
      await waitFor(() => expect(screen.getByText('Huawei')).toBeTruthy(), { timeout: 15_000 });
      expect(document.querySelector('table')).toBeNull();
    } finally {
      Object.assign(window, size);
    }
  });
});
