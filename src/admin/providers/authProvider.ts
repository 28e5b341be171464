import type { AuthProvider } from 'react-admin';
import { entities } from '../../../generated/admin/entities';
import { platformOnly, resourcesAllow } from '../../shared/access-patterns';
import { ResultCode } from '../../shared/envelope';
import { actionCall } from './actionCall';
import { callAction } from './actions';
import { cachedInfo, clearSession, getToken, setToken, type AdminInfo, type ServerMenu } from './session';
import { signalSessionExpired } from './sessionExpired';

export interface Permissions {
  roles: string[];
  /** The menu rows the server granted (ums_menu). */
  menus: ServerMenu[];
  /** Platform staff see every shop and review products; sellers work on their own shops. */
  platform?: boolean;
}

const ENTITIES = Object.values(entities);

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/** Thrown when /admin/info cannot give a usable session (no roles): the user must log in again. */
class SessionInvalid extends Error {}

/** A gateway's answer while the server restarts or is out of reach (502, 503, 504): the session may well be fine. */
const unreachable = (status: number | undefined) => status !== undefined && status >= 502 && status <= 504;

/**
 * A 401 stays an HttpError (the Confirm-logout dialog) and a network failure or time-out (status 0), or a gateway
 * that cannot reach the server, stays retryable; any other failure means this session is unusable.
 */
const loadInfo = () =>
  cachedInfo(async () => {
    const info = await callAction<AdminInfo>('admin', 'info').catch((error) => {
      const status = statusOf(error);
      if (status === ResultCode.UNAUTHORIZED || status === 0 || unreachable(status)) throw error;
      throw new SessionInvalid((error as Error).message);
    });
    if (!Array.isArray(info?.roles) || info.roles.length === 0) throw new SessionInvalid('app.error.noRoles');
    return info;
  });

export const authProvider: AuthProvider = {
  login: async ({ username, password, cid }: { username: string; password: string; cid?: string }) => {
    const { token, tokenHead } = await callAction<{ token: string; tokenHead: string }>('admin', 'login', {
      body: { username: String(username ?? '').trim(), password, ...(cid ? { cid } : {}) },
    });
    clearSession();
    setToken(`${tokenHead ?? ''}${token}`);
  },
  logout: async () => {
    if (!getToken()) return;
    await callAction('admin', 'logout').catch(() => undefined);
    clearSession();
    // The spec reloads after logout so no state of the old session survives.
    window.location.reload();
  },
  checkAuth: async () => {
    if (!getToken()) throw new Error('app.error.loginFirst');
  },
  // 401 asks the user (Confirm logout dialog) instead of logging out at once; 403 is only a toast.
  checkError: async (error) => {
    if (error instanceof SessionInvalid) {
      clearSession();
      throw { message: error.message, redirectTo: '/login' };
    }
    // Raising it again is harmless (the dialog is just open) and covers 401s from outside http.ts.
    if (statusOf(error) === ResultCode.UNAUTHORIZED) signalSessionExpired();
  },
  getIdentity: async () => {
    const info = await loadInfo();
    return { id: info.username, fullName: info.username, avatar: info.icon || undefined };
  },
  getPermissions: async (): Promise<Permissions> => {
    if (!getToken()) return { roles: [], menus: [] };
    const info = await loadInfo();
    return { roles: info.roles, menus: info.menus ?? [], platform: info.platform === true };
  },
  /**
   * Whether the server would accept the call behind an action (list, show, create, edit, delete, one the resource
   * declares, or a raw `POST /path` call): react-admin hides its buttons and refuses its pages when not. Without `resources` (an
   * upstream server) or info, everything is offered and the server decides. A seller (`platform: false`) is not
   * offered writes of platform-wide data, which the server refuses it whatever its resources.
   */
  canAccess: async ({ resource, action, record }) => {
    if (!getToken()) return false;
    const info = await loadInfo().catch(() => null);
    if (!Array.isArray(info?.resources)) return true;
    const call = actionCall(entities[resource]?.path, action, record?.id, resource);
    if (!call) return true;
    return resourcesAllow(info.resources, call) && !(info.platform === false && platformOnly(ENTITIES, call));
  },
};
