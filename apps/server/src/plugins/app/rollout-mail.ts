import fp from 'fastify-plugin';
import { repeatWhileOpen } from './repeat';
import { sendDueRolloutMails } from '../../services/reports/rollout-mail';

/**
 * Sends the weekly rollout mails that are due, every `intervalMs` (0: never), on each process;
 * SKIP LOCKED keeps two processes off the same subscription.
 */
export const rolloutMailPlugin = fp(async (app, options: { intervalMs: number }) => {
  if (options.intervalMs === 0) return;
  repeatWhileOpen(app, options.intervalMs, 'weekly rollout mails could not be sent', async () => {
    const sent = await sendDueRolloutMails(app.db, app.mailer, app.env.publicUrl);
    if (sent > 0) app.log.info({ sent }, 'weekly rollout mails sent');
  });
});
