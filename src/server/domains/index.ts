import type { Domain } from '../context.js';
import { adminDomain } from './admin/index.js';
import { brandDomain } from './brand/index.js';
import { demoDomain } from './demo.js';
import { permissionDomain } from './permission/index.js';

/** Every domain, registered before the generic CRUD routes. Add new domains here. */
export const domains: Domain[] = [demoDomain, adminDomain, permissionDomain, brandDomain];
