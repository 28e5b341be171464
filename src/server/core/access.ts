import { resourcesAllow, type Call } from '../../shared/access-patterns.js';
import type { AuthUser } from './auth.js';

export {
  ALWAYS_ALLOWED,
  matchesPattern,
  patternToRegExp,
  resourceMatches,
  type Call,
} from '../../shared/access-patterns.js';

export function canAccess(user: AuthUser, call: Call): boolean {
  return user.superAdmin || resourcesAllow(user.resources, call);
}
