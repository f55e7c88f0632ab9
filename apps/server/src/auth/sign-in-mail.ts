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
    subject: 'Ihr Anmeldecode für das Installer-Portal',
    intro: 'Mit diesem Code melden Sie sich im Installer-Portal an:',
    orLink: 'Oder öffnen Sie diesen Link auf dem Gerät, auf dem Sie ihn angefordert haben:',
    button: 'Anmelden',
    expiry: (minutes: number) => `Code und Link gelten einmal und verfallen in ${minutes} Minuten.`,
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
    subject: (fleet: string) => `You have been given access to fleet ${fleet} in the Installer Portal`,
    body: (fleet: string, url: string) =>
      `You can now record installations for fleet ${fleet}.\n\nOpen ${url} and sign in with this email address: we will send you a code and a link.`,
  },
  de: {
    subject: (fleet: string) => `Sie haben Zugang zur Flotte ${fleet} im Installer-Portal`,
    body: (fleet: string, url: string) =>
      `Sie können jetzt Installationen für die Flotte ${fleet} erfassen.\n\nÖffnen Sie ${url} und melden Sie sich mit dieser E-Mail-Adresse an: Wir senden Ihnen einen Code und einen Link.`,
  },
} as const;

/** Tells an invited user where to sign in; the sign-in itself sends its own code. */
export function buildInvitationMail(to: string, fleet: string, publicUrl: string, locale: Locale): Mail {
  const t = invitation[locale];
  const text = t.body(fleet, publicUrl);
  return { to, subject: t.subject(fleet), text, html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">${text.split('\n').map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>` };
}
