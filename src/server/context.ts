import type { ServerConfig } from './core/config.js';
import type { Db } from './core/db.js';
import type { Tokens } from './core/auth.js';
import type { AuthUsers } from './core/auth-users.js';
import type { CrudContext } from './core/crud.js';
import type { ApiRoutes } from './core/routes.js';
import type { Throttle } from './core/throttle.js';
import type { JobRunner } from './core/jobs.js';
import type { Lifecycle } from './core/health.js';

/** What every domain gets when it registers its routes. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  crud: CrudContext;
  tokens: Tokens;
  users: AuthUsers;
  /** Login and registration throttles. */
  throttle: Throttle;
  /** Background imports and exports (also `crud.jobs`, where the generic routes start them). */
  jobs: JobRunner;
  /** Where the process is between its start and its end (a shutdown). */
  lifecycle: Lifecycle;
}

/** A domain adds its routes before the generic CRUD ones (same method + path: the domain's wins). */
export type Domain = (routes: ApiRoutes, ctx: AppContext) => void;
