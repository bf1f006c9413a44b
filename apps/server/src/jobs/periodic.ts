import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` in this process, never two runs at once; the timer does not
 * keep the process alive. With several instances the work itself takes a lock (see sweep()).
 */
export function startPeriodic(name: string, intervalMs: number, work: () => Promise<unknown>, log: FastifyBaseLogger): PeriodicJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = work()
      .then((result) => log.debug({ job: name, result }, 'periodic job done'))
      .catch((error: unknown) => log.error({ job: name, err: error }, 'periodic job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = setTimeout(tick, Math.min(intervalMs, 10_000));
  first.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
