import type { AppConfig } from '../../config.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { sha256 } from './secrets.js';

/**
 * Password guessing is slowed per (account, client address) pair, never per account alone: a
 * per-account limit lets anyone lock the owner out by failing on purpose from many addresses.
 * A pair gets a few free failures, then must wait before each further try, the wait doubling
 * with every failure up to a ceiling; a success clears the pair. Guessing spread over many
 * accounts or made faster from one address meets the per-address limit on the route instead.
 *
 * Guessing spread over many addresses, each bringing its free failures, meets the account's
 * slow-down: past a number of failures within a window, from any address, every failure makes
 * its own pair wait at least the account's delay, which doubles with each further failure up to
 * a ceiling. An address then has one guess per delay, however fresh it is; an address that has
 * not failed (the owner's, elsewhere) has its password checked at once.
 */
export type LoginBackoff = Pick<
  AppConfig['rateLimits'],
  'freeFailuresPerPair' | 'firstWaitMs' | 'maxWaitMs' | 'accountFreeFailures' | 'accountWindowMs' | 'accountFirstDelayMs' | 'accountMaxDelayMs'
>;

/** How long a pair's failures are remembered: long enough that waiting out the ceiling does not start over. */
const PAIR_MEMORY_MS = 24 * 60 * 60_000;
/** The in-flight mark outlives a crashed try by this much at most. */
const IN_FLIGHT_MS = 10_000;
/**
 * A try that meets another try of its pair in flight waits for it (checking every POLL_MS) this
 * long at most: two correct sign-ins at once (two tabs, a double click) both get in, one after
 * the other, and each parallel guess still sees the wait the one before it earned.
 */
const QUEUE_MS = 3_000;
const POLL_MS = 25;
/** What a try still queued after QUEUE_MS is told to wait. */
const BUSY_WAIT_MS = 1_000;
const done = async () => undefined;

/** The wait a pair must respect after its `failures`-th failure; 0 while failures are free. */
export function backoffMs(failures: number, policy: LoginBackoff): number {
  const past = failures - policy.freeFailuresPerPair;
  if (past < 0) return 0;
  // Capping the exponent first keeps 2 ** past finite however many failures pile up.
  return Math.min(policy.maxWaitMs, policy.firstWaitMs * 2 ** Math.min(past, 40));
}

/** The wait the account's `failures`-th failure in its window sets on the pair it came from; 0 while failures are free. */
export function accountDelayMs(failures: number, policy: LoginBackoff): number {
  const past = failures - policy.accountFreeFailures - 1;
  if (past < 0) return 0;
  return Math.min(policy.accountMaxDelayMs, policy.accountFirstDelayMs * 2 ** Math.min(past, 40));
}

/** One try of a pair: refused with the wait, or let through until `leave()`. */
export type LoginTry = { waitMs: number; leave(): Promise<void> };

/** Whether a failure started its account's slow-down: true once per window, time to tell the owner. */
export type LoginFailure = { slowDownStarted: boolean };

export interface LoginThrottle {
  /**
   * Starts a try: `waitMs` > 0 when the pair must wait first. A pair has one try in flight at a
   * time (the others queue behind it), so a burst of parallel requests cannot slip several
   * guesses in before the first failure sets the wait. Call `leave()` once the try is recorded
   * as failed or succeeded.
   */
  enter(account: string, address: string): Promise<LoginTry>;
  failed(account: string, address: string): Promise<LoginFailure>;
  /** Clears the pair; the account's count stays, so a sign-in by the owner gives guessers no fresh start. */
  succeeded(account: string, address: string): Promise<void>;
}

export function createLoginThrottle(counters: CounterStore, policy: LoginBackoff): LoginThrottle {
  // Hashed so that the shared store (Redis) holds no e-mail addresses.
  const pair = (account: string, address: string) => sha256(`${account.toLowerCase()}\n${address}`);
  const failuresKey = (id: string) => `login-pair-failures:${id}`;
  const waitKey = (id: string) => `login-pair-wait:${id}`;
  const flightKey = (id: string) => `login-pair-in-flight:${id}`;
  const accountKey = (account: string) => `login-account-failures:${sha256(account.toLowerCase())}`;
  return {
    async enter(account, address) {
      const id = pair(account, address);
      // Claimed before the wait is read: the counter's increment is atomic (Redis INCR), so of
      // concurrent tries exactly one gets 1, and it sees any wait the previous try left.
      const queuedUntil = Date.now() + QUEUE_MS;
      while ((await counters.increment(flightKey(id), IN_FLIGHT_MS)) > 1) {
        if (Date.now() >= queuedUntil) return { waitMs: BUSY_WAIT_MS, leave: done };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const leave = () => counters.reset(flightKey(id));
      const waitMs = await counters.remainingMs(waitKey(id));
      if (waitMs > 0) {
        await leave();
        return { waitMs, leave: done };
      }
      return { waitMs: 0, leave };
    },
    async failed(account, address) {
      const id = pair(account, address);
      const [pairFailures, accountFailures] = await Promise.all([
        counters.increment(failuresKey(id), PAIR_MEMORY_MS),
        counters.increment(accountKey(account), policy.accountWindowMs),
      ]);
      const wait = Math.max(backoffMs(pairFailures, policy), accountDelayMs(accountFailures, policy));
      // The wait is a key that lives exactly as long as the wait; tries are refused while it exists.
      if (wait > 0) await counters.increment(waitKey(id), wait);
      // The increment is atomic and the window is not extended by later counts, so exactly one
      // failure per window sees the first count past the free ones.
      return { slowDownStarted: accountFailures === policy.accountFreeFailures + 1 };
    },
    async succeeded(account, address) {
      const id = pair(account, address);
      await Promise.all([counters.reset(failuresKey(id)), counters.reset(waitKey(id))]);
    },
  };
}
