import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { createSigner, createVerifier } from 'fast-jwt';
import type { ServerConfig } from './config.js';

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
    /** A generic CRUD route (core/crud), not a domain's. */
    generic?: boolean;
  }
}

export const hashPassword = (plain: string) => bcrypt.hash(plain, 10);
export const checkPassword = (plain: string, hash: unknown) =>
  typeof hash === 'string' && hash ? bcrypt.compare(plain, hash) : Promise.resolve(false);

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

export interface Tokens {
  sign(adminId: number): string;
  /** The admin id, or null when the token is missing, malformed, forged or expired. */
  verify(token: string): number | null;
}

export function createTokens(secret: string): Tokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: '7d' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: true });
  return {
    sign: (adminId) => signer({ sub: String(adminId) }),
    verify(token) {
      try {
        const id = Number((verifier(token) as { sub?: string }).sub);
        return Number.isInteger(id) && id > 0 ? id : null;
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
