/**
 * The yardstick of the front-end benchmark: the smallest react-admin app that logs in to our API and lists products
 * (react-admin's own login page, one resource, ListGuesser), built by `npm run bench` with the same Vite and React
 * plugin as the product and served by the same server.
 */
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type AuthProvider, type DataProvider } from 'react-admin';

const KEY = 'minimal.token';
const token = () => localStorage.getItem(KEY);

const authProvider: AuthProvider = {
  async login({ username, password }) {
    const res = await fetch('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = await res.json();
    if (body.code !== 200) throw new Error(body.message);
    localStorage.setItem(KEY, `${body.data.tokenHead}${body.data.token}`);
  },
  async logout() {
    localStorage.removeItem(KEY);
  },
  async checkAuth() {
    if (!token()) throw new Error('not logged in');
  },
  async checkError() {},
};

const unsupported = () => Promise.reject(new Error('read-only'));
const dataProvider = {
  async getList(resource: string, { pagination }: { pagination?: { page: number; perPage: number } }) {
    const { page = 1, perPage = 10 } = pagination ?? {};
    const res = await fetch(`/api/${resource}/list?pageNum=${page}&pageSize=${perPage}`, {
      headers: { authorization: token() ?? '' },
    });
    const body = await res.json();
    return { data: body.data.list, total: body.data.total };
  },
  getOne: unsupported,
  getMany: unsupported,
  getManyReference: unsupported,
  create: unsupported,
  update: unsupported,
  updateMany: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
} as unknown as DataProvider;

createRoot(document.getElementById('root')!).render(
  <Admin authProvider={authProvider} dataProvider={dataProvider}>
    <Resource name="product" list={ListGuesser} />
  </Admin>,
);
