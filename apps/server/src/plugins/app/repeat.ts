import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` on this process, never two at once, and waits for a running one when
 * the app closes. A failure is logged as `failure` and the next round tries again.
 */
export function repeatWhileOpen(app: FastifyInstance, intervalMs: number, failure: string, task: () => Promise<unknown>) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= task()
      .catch((error: unknown) => app.log.warn({ err: error }, failure))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
