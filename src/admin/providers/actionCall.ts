import type { Identifier } from 'react-admin';
import type { Call } from '../../shared/access-patterns';
import { declaredCall } from './actions';
import { crudPath } from '../../shared/crud-paths';

/** `POST /brand/update/showStatus`: an action naming the exact call it makes (row switches, custom buttons). */
const RAW_CALL = /^(GET|POST)\s+(\/\S*)$/;

/**
 * The API call the dataProvider makes for a react-admin action on an entity at `path`, or for an action the
 * `resource` declares (`useCanAccess({resource: 'vipMembership', action: 'grant'})`), as the server's guard sees it;
 * null for an action this app does not map (it stays allowed: the server still decides).
 */
export const actionCall = (path: string | undefined, action: string, id: unknown = 0, resource = ''): Call | null => {
  const raw = RAW_CALL.exec(action.trim());
  if (raw) return { method: raw[1], path: raw[2], write: raw[1] !== 'GET' };
  const declared = declaredCall(resource, action, id as Identifier);
  if (declared) return declared;
  if (!path) return null;
  const byId = { id: String(id ?? 0) };
  switch (action) {
    case 'list':
    case 'export':
      return { method: 'GET', path: crudPath(path, 'list'), write: false };
    case 'show':
      return { method: 'GET', path: crudPath(path, 'get', byId), write: false };
    case 'create':
    case 'clone':
      return { method: 'POST', path: crudPath(path, 'create'), write: true };
    case 'edit':
      return { method: 'POST', path: crudPath(path, 'update', byId), write: true };
    case 'delete':
      return { method: 'POST', path: crudPath(path, 'deleteOne', byId), write: true };
    default:
      return null;
  }
};

/** The action of a raw call, for useCanAccess: `rawAction('POST', '/brand/update/showStatus')`. */
export const rawAction = (method: 'GET' | 'POST', path: string) => `${method} ${path}`;
