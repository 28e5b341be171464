import type { Identifier } from 'react-admin';
import { api } from '../../providers/http';
import { postCall } from '../../components/postCall';

export interface RoleRow {
  id: number;
  name: string;
  description?: string;
  status?: number;
}

/** Upstream calls for an account's roles (docs: upstream-endpoints.tsv, login.js). */
export const rolesOfAdmin = (adminId: Identifier) => api<RoleRow[]>(`/admin/role/${adminId}`);
export const allRoles = () => api<RoleRow[]>('/role/listAll');
export const setRolesOfAdmin = (adminId: Identifier, roleIds: Identifier[]) =>
  postCall({ path: '/admin/role/update', query: { adminId, roleIds } });

export const rolesQueryKey = (adminId: Identifier | undefined) => ['admin', 'roles', adminId];
