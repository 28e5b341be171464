import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Messages } from '../../shared/messages.js';
import { ApiError } from './envelope.js';
import { ResultCode } from '../../shared/envelope.js';

/**
 * Brute-force protection through rate-limiter-flexible, whose counters can be consumed on failure only (a password
 * guessed wrong), which a per-request limiter cannot do. The limits are in-memory, per server process.
 */
const limits = {
  /** Wrong passwords for one account from one address in a row: the owner elsewhere is never locked out. */
  accountIp: { points: 5, duration: 15 * 60, blockDuration: 5 * 60 },
  /** Wrong passwords for one account from anywhere (a spread-out guess): a short block. */
  account: { points: 30, duration: 60 * 60, blockDuration: 5 * 60 },
  /** Wrong passwords from one address over any accounts. */
  ip: { points: 100, duration: 60 * 60, blockDuration: 15 * 60 },
  /** Accounts registered from one address. */
  register: { points: 10, duration: 60 * 60 },
};

export type ThrottleLimits = typeof limits;

/** The limits, with the registrations per address per hour of the configuration. */
export const throttleLimits = (registerLimit: number): ThrottleLimits => ({
  ...limits,
  register: { ...limits.register, points: registerLimit },
});

const tooMany = (reply: FastifyReply, res: RateLimiterRes): ApiError => {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  void reply.header('retry-after', String(seconds));
  return new ApiError(ResultCode.FAILED, Messages.tooManyAttempts, { retryAfter: seconds });
};

/** Login and registration throttles of one app. */
export class Throttle {
  private limits: ThrottleLimits;
  private accountIp: RateLimiterMemory;
  private account: RateLimiterMemory;
  private ip: RateLimiterMemory;
  private register: RateLimiterMemory;

  constructor(l: ThrottleLimits = limits) {
    this.limits = l;
    this.accountIp = new RateLimiterMemory({ keyPrefix: 'login-account-ip', ...l.accountIp });
    this.account = new RateLimiterMemory({ keyPrefix: 'login-account', ...l.account });
    this.ip = new RateLimiterMemory({ keyPrefix: 'login-ip', ...l.ip });
    this.register = new RateLimiterMemory({ keyPrefix: 'register', ...l.register });
  }

  /** Before checking a password: refuses while the account (from here or anywhere) or the address is blocked. */
  async beforeLogin(req: FastifyRequest, reply: FastifyReply, username: string): Promise<void> {
    const name = username.toLowerCase();
    const [a, b, c] = await Promise.all([
      this.accountIp.get(`${name}|${req.ip}`),
      this.account.get(name),
      this.ip.get(req.ip),
    ]);
    for (const [res, max] of [
      [a, this.limits.accountIp.points],
      [b, this.limits.account.points],
      [c, this.limits.ip.points],
    ] as const) {
      if (res && res.consumedPoints >= max) throw tooMany(reply, res);
    }
  }

  /** A wrong password: counts against the account and the address. */
  async failedLogin(req: FastifyRequest, username: string): Promise<void> {
    const name = username.toLowerCase();
    await Promise.allSettled([
      this.accountIp.consume(`${name}|${req.ip}`),
      this.account.consume(name),
      this.ip.consume(req.ip),
    ]);
  }

  /** A right password: the account's run of failures from this address starts again. */
  async loggedIn(req: FastifyRequest, username: string): Promise<void> {
    await this.accountIp.delete(`${username.toLowerCase()}|${req.ip}`);
  }

  /** Each registration attempt counts against the address. */
  async beforeRegister(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await this.register.consume(req.ip);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(reply, e);
      throw e;
    }
  }
}
