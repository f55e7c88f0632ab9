import fp from 'fastify-plugin';
import { sendDueRolloutMails } from '../../services/reports/rollout-mail';

/**
 * Sends the weekly rollout mails that are due, every `intervalMs` (0: never), on each process;
 * SKIP LOCKED keeps two processes off the same subscription.
 */
export const rolloutMailPlugin = fp(async (app, options: { intervalMs: number }) => {
  if (options.intervalMs === 0) return;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= sendDueRolloutMails(app.db, app.mailer, app.env.publicUrl)
      .then((sent) => sent > 0 && app.log.info({ sent }, 'weekly rollout mails sent'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'weekly rollout mails could not be sent'))
      .finally(() => (running = null));
  }, options.intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
