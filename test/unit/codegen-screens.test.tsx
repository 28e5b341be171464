// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { Admin, Resource, testDataProvider, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { resources } from '../../generated/admin/resources';
import en from '../../generated/i18n/en';

const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...en }) as any, 'en');

const brands = [
  { id: 1, name: 'Apple', firstLetter: 'A', sort: 5, showStatus: 1, factoryStatus: 0, productCount: 3 },
  { id: 2, name: 'Huawei', firstLetter: 'H', sort: 1, showStatus: 0, factoryStatus: 1, productCount: 0 },
];

const dataProvider = testDataProvider({
  getList: async () => ({ data: brands, total: brands.length }) as any,
  getOne: async (_r, { id }) => ({ data: brands.find((b) => b.id === Number(id)) }) as any,
});

describe('generated screens', () => {
  it('render the brand list with translated enum labels', async () => {
    window.history.replaceState({}, '', '/#/brand');
    render(
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        {Object.entries(resources).map(([name, r]) => <Resource key={name} name={name} {...r} />)}
      </Admin>,
    );
    await waitFor(() => expect(screen.getByText('Huawei')).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByText('Apple')).toBeTruthy();
    expect(screen.getByText('Hidden')).toBeTruthy(); // enums.brand.showStatus.0
    expect(screen.getAllByText('Brands').length).toBeGreaterThan(0);
  });

  it('render the brand edit form with its inputs', async () => {
    window.history.replaceState({}, '', '/#/brand/1');
    render(
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        {Object.entries(resources).map(([name, r]) => <Resource key={name} name={name} {...r} />)}
      </Admin>,
    );
    await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Apple'), { timeout: 5000 });
  });
});
