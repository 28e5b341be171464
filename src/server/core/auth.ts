import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { createSigner, createVerifier } from 'fast-jwt';
import type { ServerConfig } from './config.js';
import { isRecord } from './narrow.js';

export const SUPER_ADMIN_ROLE = 'Super admin';
export const SELLER_ROLE = 'Seller';

export interface AuthUser {
  id: number;
  username: string;
  icon: string | null;
  roles: { id: number; name: string }[];
  superAdmin: boolean;
  /** Platform staff see every shop's data; sellers only their own shops (tenancy). */
  platform: boolean;
  shopIds: number[];
  /** Ant-style URL patterns of the user's roles, e.g. `/brand/**`. */
  resources: string[];
  /** The account's session version: tokens carry it, and one issued under another is refused. */
  sessionVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    /** Route reachable without a token. */
    public?: boolean;
    /** Changes data (default: every method but GET); `GET <pattern>` resources reach only non-write routes. */
    write?: boolean;
    /** Any signed-in account may call it; the handler scopes its answer by the account's resources. */
    anyAccount?: boolean;
    /** A generic CRUD route (core/crud), not a domain's. */
    generic?: boolean;
  }
}

/** bcrypt reads only the first 72 bytes of a password: longer ones are refused, not silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const passwordTooLong = (plain: string) => Buffer.byteLength(plain, 'utf8') > PASSWORD_MAX_BYTES;
export const PASSWORD_TOO_LONG = `must be at most ${PASSWORD_MAX_BYTES} bytes`;

let cost = 10;
/** Compared against when there is no account, so an unknown username takes as long as a wrong password. */
let dummyHash: string | undefined;

/** The bcrypt cost of new hashes (the config's `passwordHashCost`): set once at start, before any password is hashed. */
export function setPasswordHashCost(rounds: number): void {
  if (rounds !== cost) dummyHash = undefined;
  cost = rounds;
}

export const hashPassword = (plain: string) => bcrypt.hash(plain, cost);

/** Always one bcrypt comparison, whether or not there is a stored hash; false without one or past 72 bytes. */
export async function checkPassword(plain: string, hash: unknown): Promise<boolean> {
  const stored = typeof hash === 'string' && hash ? hash : null;
  dummyHash ??= bcrypt.hashSync('no account has this password', cost);
  const same = await bcrypt.compare(plain, stored ?? dummyHash);
  return same && stored !== null && !passwordTooLong(plain);
}

/** JWT_SECRET, else a secret generated once and kept in DATA_DIR/jwt-secret (0600). */
export function loadSecret(config: ServerConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Who a token stands for: the account and its session version when the token was issued. */
export interface TokenClaims {
  id: number;
  version: number;
}

export interface Tokens {
  sign(adminId: number, version: number): string;
  /** The claims, or null when the token is missing, malformed, forged or expired. */
  verify(token: string): TokenClaims | null;
}

export function createTokens(secret: string): Tokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: '7d' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: true });
  return {
    sign: (adminId, version) => signer({ sub: String(adminId), ver: version }),
    verify(token) {
      try {
        const claims: unknown = verifier(token);
        if (!isRecord(claims)) return null;
        const id = Number(claims.sub);
        const version = claims.ver ?? 0;
        return Number.isInteger(id) && id > 0 && typeof version === 'number' && Number.isInteger(version)
          ? { id, version }
          : null;
      } catch {
        return null;
      }
    },
  };
}

/** `Bearer <token>` or the raw token. */
export function tokenFrom(header: string | undefined): string | null {
  const value = header?.trim();
  if (!value) return null;
  return value.replace(/^Bearer\s+/i, '').trim() || null;
}
