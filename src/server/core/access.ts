import { entities } from '../../../generated/entities.js';
import { platformOnly, resourcesAllow, type Call } from '../../shared/access-patterns.js';
import type { AuthUser } from './auth.js';

export {
  ALWAYS_ALLOWED,
  matchesPattern,
  patternToRegExp,
  resourceMatches,
  type Call,
} from '../../shared/access-patterns.js';

const ENTITIES = Object.values(entities);

/** Whether the role resources reach a call (not checked when resources are not enforced). */
export function canAccess(user: AuthUser, call: Call): boolean {
  return user.superAdmin || resourcesAllow(user.resources, call);
}

/** Tenancy, whatever the resources: a seller never writes platform-wide data (see `platformOnly`). */
export const tenancyAllows = (user: AuthUser, call: Call): boolean => user.platform || !platformOnly(ENTITIES, call);
