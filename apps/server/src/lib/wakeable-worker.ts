import type { FastifyBaseLogger } from 'fastify';

export interface WakeableWorker {
  /** Runs the work now, or once more after the run in progress (what was committed meanwhile may be past its reads). Never throws. */
  wake(): Promise<void>;
  /** Resolves when a run started after this call has finished: nothing due is left. */
  drain(): Promise<void>;
  /** No new runs; resolves when the one in progress has finished. */
  stop(): Promise<void>;
  /** Whether stop() was called: a long run checks it between items and hands the rest back. */
  readonly stopped: boolean;
}

/**
 * One run of `work` at a time in this process, woken after the commits that give it something to
 * do (and by a timer for retries and other instances' work). The mail outbox and the payment
 * command worker share it; each takes its own items with a claim, so several instances may run.
 */
export function createWakeableWorker(work: (worker: { readonly stopped: boolean }) => Promise<void>, log: FastifyBaseLogger, what: string): WakeableWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const self = {
    get stopped() {
      return stopped;
    },
  };

  async function loop(): Promise<void> {
    do {
      again = false;
      await work(self);
    } while (again && !stopped);
  }

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    const run = loop()
      .catch((error: unknown) => log.error({ err: error }, `${what} run failed`))
      .finally(() => {
        running = undefined;
        if (again) void wake();
      });
    running = run;
    return run;
  }

  return {
    wake,
    async drain() {
      while (running) await running;
      await wake();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      while (running) await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
