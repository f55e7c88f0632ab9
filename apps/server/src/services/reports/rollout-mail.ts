import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '@portal/domain/constants';
import { NEEDS_ATTENTION_MAIL, ROLLOUT_STATUSES, type RolloutSettings } from '@portal/domain/rollout';
import type { Mail, Mailer } from '../../auth/mailer';
import { rowsOf, type Db } from '../../db/client';
import { fleet, rolloutSubscription } from '../../db/schema';
import { AppError } from '../../errors';
import { formatDay, translator } from './messages';
import { needsAttentionList, rolloutOverview, type RolloutScope } from './rollout';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The weekly mail goes out on Mondays from this hour (UTC). */
const SEND_HOUR_UTC = 6;

/** The next Monday, 06:00 UTC, after `now`. */
export function nextWeeklySend(now: Date): Date {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), SEND_HOUR_UTC));
  const toMonday = (8 - monday.getUTCDay()) % 7;
  monday.setUTCDate(monday.getUTCDate() + toMonday);
  if (monday <= now) monday.setUTCDate(monday.getUTCDate() + 7);
  return monday;
}

export async function rolloutSettings(db: Db, fleetId: number, userId: string): Promise<RolloutSettings> {
  const [row] = await db
    .select({ stallDays: fleet.stallDays, locale: rolloutSubscription.locale, token: rolloutSubscription.token })
    .from(fleet)
    .leftJoin(rolloutSubscription, and(eq(rolloutSubscription.fleetId, fleet.id), eq(rolloutSubscription.userId, userId)))
    .where(eq(fleet.id, fleetId));
  return { stallDays: row!.stallDays, weeklyMail: row!.token !== null, locale: row!.locale ?? 'en' };
}

/** A fleet admin changes the fleet's stall days, or (un)subscribes themselves to the weekly mail in a language. */
export async function saveRolloutSettings(db: Db, fleetId: number, userId: string, input: Partial<RolloutSettings>, now = new Date()) {
  await db.transaction(async (tx) => {
    if (input.stallDays !== undefined) await tx.update(fleet).set({ stallDays: input.stallDays }).where(eq(fleet.id, fleetId));
    if (input.weeklyMail === false) {
      await tx.delete(rolloutSubscription).where(and(eq(rolloutSubscription.fleetId, fleetId), eq(rolloutSubscription.userId, userId)));
    } else if (input.weeklyMail === true || input.locale) {
      const locale = input.locale ?? 'en';
      const values = { userId, fleetId, locale, token: randomBytes(18).toString('base64url'), nextSendAt: nextWeeklySend(now) };
      if (input.weeklyMail) {
        await tx.insert(rolloutSubscription).values(values).onConflictDoUpdate({ target: [rolloutSubscription.userId, rolloutSubscription.fleetId], set: { locale } });
      } else {
        await tx.update(rolloutSubscription).set({ locale }).where(and(eq(rolloutSubscription.fleetId, fleetId), eq(rolloutSubscription.userId, userId)));
      }
    }
  });
  return rolloutSettings(db as Db, fleetId, userId);
}

/** What an unsubscribe link shows before it is used; 404 for a link no subscription has (any more). */
export async function subscriptionByToken(db: Db, token: string) {
  const [row] = rowsOf<{ fleet: string; email: string; locale: Locale }>(
    await db.execute(sql`
      select f.name as fleet, u.email, s.locale from rollout_subscription s
      join fleet f on f.id = s.fleet_id join "user" u on u.id = s.user_id where s.token = ${token}`),
  );
  if (!row) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid any more');
  return row;
}

/** Ends the subscription of an unsubscribe link; using the link again changes nothing. */
export async function unsubscribe(db: Db, token: string) {
  await db.delete(rolloutSubscription).where(eq(rolloutSubscription.token, token));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface MailTarget {
  email: string;
  locale: Locale;
  token: string;
}

/** The weekly summary of a fleet's whole rollout for one admin, in their language. */
export async function buildRolloutMail(db: Db, scope: RolloutScope, to: MailTarget, publicUrl: string, now = new Date()): Promise<Mail> {
  const t = translator(to.locale);
  const today = now.toISOString().slice(0, 10);
  const weekAgo = new Date(now.getTime() - 6 * DAY_MS).toISOString().slice(0, 10);
  // Read on the sending transaction's connection, one query at a time.
  const all = await rolloutOverview(db, scope, { interval: 'day' }, now);
  const week = await rolloutOverview(db, scope, { interval: 'day', from: weekAgo, to: today }, now);
  const attention = await needsAttentionList(db, scope, NEEDS_ATTENTION_MAIL, now);
  const base = publicUrl.replace(/\/$/, '');
  const pageUrl = `${base}/#/${scope.slug}/rollout`;
  const unsubscribeUrl = `${base}/#/rollout-mail/${to.token}`;
  const fleetName = scope.name;
  const counts = ROLLOUT_STATUSES.map((s) => [t(`rollout.status.${s}`), all.counts[s]] as const);
  const weekByCompany = week.companies.filter((c) => c.done > 0).map((c) => [c.name ?? t('rolloutMail.noCompany'), c.done] as const);
  const items = attention.map((a) => ({ url: `${base}/#/${scope.slug}/installations/${a.installationId}` }));
  const daysText = (n: number) => t('rollout.attention.days', { count: n });
  const itemText = attention.map(
    (a) => `${a.systemSerialNumber}: ${t(`rollout.status.${a.status}`)}${a.step ? ` (${t(`rollout.step.${a.step}`)})` : ''}, ${daysText(a.days)}`,
  );
  const attentionTitle = t('rolloutMail.attention', { total: all.needsAttention.total });
  const more = all.needsAttention.total > attention.length ? t('rolloutMail.attentionMore', { shown: attention.length, total: all.needsAttention.total }) : null;
  const subject = t('rolloutMail.subject', { fleet: fleetName, done: all.done, total: all.registrySize });

  const text = [
    t('rolloutMail.intro', { fleet: fleetName, day: formatDay(today, to.locale) }),
    '',
    `${t('rolloutMail.counts')}:`,
    ...counts.map(([label, n]) => `  ${label}: ${n}`),
    '',
    `${t('rolloutMail.week')}:`,
    ...(weekByCompany.length ? weekByCompany.map(([name, n]) => `  ${name}: ${n}`) : [`  ${t('rolloutMail.noCompletions')}`]),
    '',
    `${attentionTitle}:`,
    ...(itemText.length ? itemText.map((line, i) => `  ${line}\n    ${items[i]!.url}`) : [`  ${t('rolloutMail.nothing')}`]),
    ...(more ? [`  ${more}`] : []),
    '',
    `${t('rolloutMail.open')}: ${pageUrl}`,
    '',
    `${t('rolloutMail.unsubscribe', { fleet: fleetName })} ${unsubscribeUrl}`,
  ].join('\n');

  const row = (label: string, n: number) => `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;font-weight:normal">${escapeHtml(label)}</th><td style="text-align:right">${n}</td></tr>`;
  const html = `<!doctype html><html lang="${to.locale}"><body style="font-family:sans-serif;color:#1a1a1a">
<p>${escapeHtml(t('rolloutMail.intro', { fleet: fleetName, day: formatDay(today, to.locale) }))}</p>
<h2 style="font-size:16px">${escapeHtml(t('rolloutMail.counts'))}</h2>
<table>${counts.map(([label, n]) => row(label, n)).join('')}</table>
<h2 style="font-size:16px">${escapeHtml(t('rolloutMail.week'))}</h2>
${weekByCompany.length ? `<table>${weekByCompany.map(([name, n]) => row(name, n)).join('')}</table>` : `<p>${escapeHtml(t('rolloutMail.noCompletions'))}</p>`}
<h2 style="font-size:16px">${escapeHtml(attentionTitle)}</h2>
${itemText.length ? `<ul>${itemText.map((line, i) => `<li><a href="${escapeHtml(items[i]!.url)}">${escapeHtml(line)}</a></li>`).join('')}</ul>` : `<p>${escapeHtml(t('rolloutMail.nothing'))}</p>`}
${more ? `<p>${escapeHtml(more)}</p>` : ''}
<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(t('rolloutMail.open'))}</a></p>
<p style="color:#555;font-size:12px">${escapeHtml(t('rolloutMail.unsubscribe', { fleet: fleetName }))} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeUrl)}</a></p>
</body></html>`;
  return { to: to.email, subject, text, html };
}

type DueRow = { userId: string; fleetId: number; locale: Locale; token: string; email: string; slug: string; name: string; stallDays: number };

/**
 * Sends the weekly mails that are due, one subscription at a time. Each is claimed with FOR UPDATE
 * SKIP LOCKED and moved to its next Monday in the same transaction that sends it, so several server
 * processes never send one twice; a mail that fails rolls back and is tried on the next round.
 * A subscriber who is no admin of the fleet any more loses the subscription instead.
 */
export async function sendDueRolloutMails(db: Db, mailer: Mailer, publicUrl: string, now = new Date(), max = 100): Promise<number> {
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [due] = rowsOf<DueRow>(
        await tx.execute(sql`
          select s.user_id as "userId", s.fleet_id as "fleetId", s.locale, s.token, u.email, f.slug, f.name, f.stall_days as "stallDays"
          from rollout_subscription s join "user" u on u.id = s.user_id join fleet f on f.id = s.fleet_id
          where s.next_send_at <= ${now.toISOString()}::timestamptz
          order by s.next_send_at
          limit 1
          for update of s skip locked`),
      );
      if (!due) return 'none' as const;
      const where = and(eq(rolloutSubscription.userId, due.userId), eq(rolloutSubscription.fleetId, due.fleetId));
      const [admin] = rowsOf<{ ok: number }>(
        await tx.execute(sql`select 1 as ok from fleet_member where user_id = ${due.userId} and fleet_id = ${due.fleetId} and role = 'admin'`),
      );
      if (!admin) {
        await tx.delete(rolloutSubscription).where(where);
        return 'dropped' as const;
      }
      const scope: RolloutScope = { fleetId: due.fleetId, slug: due.slug, name: due.name, stallDays: due.stallDays, share: null, readOnly: true };
      const mail = await buildRolloutMail(tx as Db, scope, due, publicUrl, now);
      await tx.update(rolloutSubscription).set({ nextSendAt: nextWeeklySend(now), lastSentAt: now }).where(where);
      await mailer.send(mail);
      return 'sent' as const;
    });
    if (outcome === 'none') break;
    if (outcome === 'sent') sent++;
  }
  return sent;
}
