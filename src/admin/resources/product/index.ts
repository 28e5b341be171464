import { lazy } from 'react';
import type { ResourceModule } from '../../kit';

// Lazy, like the generated views: the form brings the rich-text editor, which the entry bundle need not carry.
const ProductList = lazy(() => import('./ProductList').then((m) => ({ default: m.ProductList })));
const ProductCreate = lazy(() => import('./ProductScreens').then((m) => ({ default: m.ProductCreate })));
const ProductEdit = lazy(() => import('./ProductScreens').then((m) => ({ default: m.ProductEdit })));

/** Products (/pms/product): hand-written list, form (composite with SKUs) and batch operations. */
export const product: ResourceModule = { list: ProductList, create: ProductCreate, edit: ProductEdit };
