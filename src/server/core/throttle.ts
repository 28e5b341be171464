import type { FastifyReply, FastifyRequest } from 'fastify';
import cluster from 'node:cluster';
import { RateLimiterCluster, RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Messages } from '../../shared/messages.js';
import { ApiError } from './envelope.js';
import { ResultCode } from '../../shared/envelope.js';

/** At most `attempts` in a `window` (seconds); past it the key is refused for `block` seconds. */
interface Limit {
  attempts: number;
  window: number;
  block: number;
}

/**
 * Login limits after OWASP's authentication guidance: guesses are slowed per address and per account and address,
 * and the account-wide limit never refuses the right password from an address that has not guessed wrong, so an
 * attacker cannot lock the owner (or the admin) out. The README's Security section states them.
 */
const limits = {
  /** Wrong passwords for one account from one address: 5 in 15 minutes block the pair for 5 minutes. */
  accountIp: { attempts: 5, window: 15 * 60, block: 5 * 60 },
  /**
   * Wrong passwords for one account from anywhere: past 30 in an hour, an address with a wrong password for the
   * account in its last 15 minutes is refused for it (`block` is not used: the pair's window is).
   */
  account: { attempts: 30, window: 60 * 60, block: 0 },
  /** Wrong passwords from one address over any accounts: 100 in an hour block the address for 15 minutes. */
  ip: { attempts: 100, window: 60 * 60, block: 15 * 60 },
  /** Accounts registered from one address in an hour. */
  register: { attempts: 10, window: 60 * 60, block: 0 },
  /** Referral-link clicks from one address: 30 a minute, then a minute's block. */
  click: { attempts: 30, window: 60, block: 60 },
} satisfies Record<string, Limit>;

export type ThrottleLimits = typeof limits;

/** The limits, with the registrations per address per hour of the configuration. */
export const throttleLimits = (registerLimit: number): ThrottleLimits => ({
  ...limits,
  register: { ...limits.register, attempts: registerLimit },
});

const tooMany = (reply: FastifyReply, msBeforeNext: number): ApiError => {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  void reply.header('retry-after', String(seconds));
  return new ApiError(ResultCode.FAILED, Messages.tooManyAttempts, { retryAfter: seconds });
};

/**
 * Attempts per key counted in a fixed window (rate-limiter-flexible, in memory: this process's, or the primary's for
 * all worker processes). The first attempt refused at the limit starts the key's block, which replaces the window:
 * after it the key starts afresh.
 */
class Counter {
  private rl: RateLimiterAbstract;

  constructor(
    prefix: string,
    private limit: Limit,
  ) {
    const options = { keyPrefix: prefix, points: limit.attempts, duration: limit.window };
    // Worker processes (WORKERS > 1) count in the primary, so N processes do not grant N times the attempts.
    this.rl = cluster.isWorker ? new RateLimiterCluster(options) : new RateLimiterMemory(options);
  }

  /** Attempts counted in the key's window, and the milliseconds before they are forgotten. */
  async state(key: string): Promise<{ count: number; ms: number }> {
    const res = await this.rl.get(key);
    return res ? { count: res.consumedPoints, ms: res.msBeforeNext } : { count: 0, ms: 0 };
  }

  /** Milliseconds before the key may try again, 0 when it may now. */
  async wait(key: string): Promise<number> {
    const { count, ms } = await this.state(key);
    if (count < this.limit.attempts) return 0;
    if (count === this.limit.attempts && this.limit.block > 0)
      return (await this.rl.block(key, this.limit.block)).msBeforeNext;
    return ms;
  }

  /** Counts one attempt. */
  async charge(key: string): Promise<void> {
    await this.rl.penalty(key);
  }

  /** Refuses (too many attempts, with retry-after) while the key must wait, else counts the attempt. */
  async take(key: string, reply: FastifyReply): Promise<void> {
    const ms = await this.wait(key);
    if (ms) throw tooMany(reply, ms);
    await this.charge(key);
  }

  /** An attempt that turned out fine is not held against the key. */
  async refund(key: string): Promise<void> {
    if ((await this.rl.get(key))?.consumedPoints) await this.rl.reward(key);
  }

  async reset(key: string): Promise<void> {
    await this.rl.delete(key);
  }
}

/** Login, registration and referral-click throttles of one app. */
export class Throttle {
  private accountIp: Counter;
  private account: Counter;
  private ip: Counter;
  private register: Counter;
  private click: Counter;

  constructor(private limits: ThrottleLimits = limits) {
    this.accountIp = new Counter('login-account-ip', limits.accountIp);
    this.account = new Counter('login-account', limits.account);
    this.ip = new Counter('login-ip', limits.ip);
    this.register = new Counter('register', limits.register);
    this.click = new Counter('referral-click', limits.click);
  }

  /**
   * Before checking a password: refuses while the address or the account-and-address pair must wait, or while the
   * account is past its own limit and this address has guessed wrong for it lately. Otherwise the attempt is counted
   * at once (guesses sent together cannot all get past the check) and `loggedIn` takes it back.
   */
  async beforeLogin(req: FastifyRequest, reply: FastifyReply, username: string): Promise<void> {
    const name = username.toLowerCase();
    const pairKey = `${name}|${req.ip}`;
    const ip = await this.ip.wait(req.ip);
    const pair = await this.accountIp.wait(pairKey);
    if (ip || pair) throw tooMany(reply, Math.max(ip, pair));
    const [run, account] = await Promise.all([this.accountIp.state(pairKey), this.account.state(name)]);
    if (account.count >= this.limits.account.attempts && run.count > 0) throw tooMany(reply, run.ms);
    await Promise.all([this.accountIp.charge(pairKey), this.account.charge(name), this.ip.charge(req.ip)]);
  }

  /** A right password: the attempt is not held against the account or the address; the pair's run starts again. */
  async loggedIn(req: FastifyRequest, username: string): Promise<void> {
    const name = username.toLowerCase();
    await Promise.all([this.accountIp.reset(`${name}|${req.ip}`), this.account.refund(name), this.ip.refund(req.ip)]);
  }

  /** Each registration attempt counts against the address. */
  async beforeRegister(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.register.take(req.ip, reply);
  }

  /** Each referral-link click counts against the address (a public route anyone can flood). */
  async beforeClick(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.click.take(req.ip, reply);
  }
}
