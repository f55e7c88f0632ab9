import type { Locale } from '@portal/domain/constants';
import { SIGN_IN_TTL_SECONDS } from '@portal/domain/constants';
import type { Mail } from './mailer';

const texts = {
  en: {
    subject: 'Your sign-in code for the Installer Portal',
    intro: 'Use this code to sign in to the Installer Portal:',
    orLink: 'Or open this link on the device where you requested it:',
    button: 'Sign in',
    expiry: (minutes: number) => `The code and the link work once and expire in ${minutes} minutes.`,
    ignore: 'If you did not ask to sign in, you can ignore this email.',
  },
  de: {
    subject: 'Ihr Anmeldecode für das Installateur-Portal',
    intro: 'Mit diesem Code melden Sie sich im Installateur-Portal an:',
    orLink: 'Oder öffnen Sie diesen Link auf dem Gerät, auf dem Sie ihn angefordert haben:',
    button: 'Anmelden',
    expiry: (minutes: number) => `Code und Link sind nur einmal gültig und verfallen nach ${minutes} Minuten.`,
    ignore: 'Wenn Sie keine Anmeldung angefordert haben, können Sie diese E-Mail ignorieren.',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One email that carries both the 6-digit code and the sign-in link. */
export function buildSignInMail(to: string, code: string, url: string, locale: Locale): Mail {
  const t = texts[locale];
  const minutes = SIGN_IN_TTL_SECONDS / 60;
  const text = [t.intro, '', `    ${code}`, '', t.orLink, url, '', t.expiry(minutes), t.ignore].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${t.intro}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>${t.orLink}</p>
<p><a href="${escapeHtml(url)}">${t.button}</a></p>
<p style="color:#555">${t.expiry(minutes)}<br>${t.ignore}</p>
</body></html>`;
  return { to, subject: `${t.subject}: ${code}`, text, html };
}

const invitation = {
  en: {
    subject: (fleet: string) => `Your access to ${fleet} in the Installer Portal`,
    intro: (inviter: string, fleet: string) => `${inviter} has given you access to the fleet ${fleet} in the Installer Portal. There you record the solar kits fitted to its vehicles.`,
    action: 'Open this link to sign in; no password is needed:',
    button: 'Sign in',
    expiry: (minutes: number) => `The link works once and expires in ${minutes} minutes. Later, open the portal and sign in with this email address: we will send you a code and a link.`,
    portal: 'The portal:',
  },
  de: {
    subject: (fleet: string) => `Ihr Zugang zu ${fleet} im Installateur-Portal`,
    intro: (inviter: string, fleet: string) => `${inviter} hat Ihnen Zugang zur Flotte ${fleet} im Installateur-Portal gegeben. Dort erfassen Sie die Solarsysteme, die an den Fahrzeugen der Flotte montiert werden.`,
    action: 'Öffnen Sie diesen Link, um sich anzumelden; ein Passwort ist nicht nötig:',
    button: 'Anmelden',
    expiry: (minutes: number) => `Der Link ist nur einmal gültig und verfällt nach ${minutes} Minuten. Später öffnen Sie einfach das Portal und melden sich mit dieser E-Mail-Adresse an: Wir senden Ihnen dann einen Code und einen Link.`,
    portal: 'Das Portal:',
  },
} as const;

/** Invites someone to a fleet: who invited them, the fleet's name and a sign-in link for their address. */
export function buildInvitationMail(
  to: string,
  { fleet, inviter, url, publicUrl }: { fleet: string; inviter: string; url: string; publicUrl: string },
  locale: Locale,
): Mail {
  const t = invitation[locale];
  const minutes = SIGN_IN_TTL_SECONDS / 60;
  const text = [t.intro(inviter, fleet), '', t.action, url, '', t.expiry(minutes), `${t.portal} ${publicUrl}`].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.intro(inviter, fleet))}</p>
<p>${t.action}</p>
<p><a href="${escapeHtml(url)}">${t.button}</a></p>
<p style="color:#555">${t.expiry(minutes)}<br>${t.portal} <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p>
</body></html>`;
  return { to, subject: t.subject(fleet), text, html };
}
