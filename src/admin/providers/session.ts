import { STORAGE } from '../../shared/constants';

/** The admin's session as the spec keeps it: `tokenHead + token` in localStorage, roles/menus in memory. */
export interface ServerMenu {
  id: number;
  parentId: number;
  title: string;
  level: number;
  sort: number;
  name: string;
  icon?: string;
  hidden: number;
}

export interface AdminInfo {
  username: string;
  icon?: string;
  roles: string[];
  menus: ServerMenu[];
  /** Ours: platform staff (see every shop); absent from an upstream server, read as false. */
  platform?: boolean;
  /** Ours: the caller's granted URL patterns (`/brand/**`, `GET /brand/**`; `/**` for the super admin). */
  resources?: string[];
}

let info: Promise<AdminInfo> | null = null;

export const getToken = (): string | null => localStorage.getItem(STORAGE.token);
export const setToken = (token: string) => localStorage.setItem(STORAGE.token, token);
export const isLoggedIn = () => !!getToken();

/** Loads /admin/info once per session; a failed load is forgotten so the next call retries. */
export const cachedInfo = (load: () => Promise<AdminInfo>): Promise<AdminInfo> => {
  info ??= load().catch((e) => {
    info = null;
    throw e;
  });
  return info;
};

/** Ends the session on this side only (token + cached roles/menus). */
export const clearSession = () => {
  localStorage.removeItem(STORAGE.token);
  info = null;
};
