/**
 * How the texts of locales/{en,de}.json load. The login part comes with the first chunk in both
 * languages, and the verify part with the public verification page. Each screen part loads, in the
 * current language only, with the screens that use it. The `app` part, every section named in no
 * part, loads with the signed-in app.
 */
export const TEXT_PARTS = {
  login: ['app', 'auth', 'common', 'errors', 'footer', 'locale'],
  verify: ['verify'],
  wizard: ['wizard', 'history'],
  admin: ['admin', 'history'],
  operator: ['operator'],
  partners: ['partners'],
  docs: ['docs'],
  rollout: ['rollout'],
  rolloutMail: ['rolloutMail'],
  profile: ['profile'],
} as const;

export type ScreenTextPart = Exclude<keyof typeof TEXT_PARTS, 'login' | 'verify'>;

/** The sections of the `app` part: those in no other part. */
export function appSections(all: readonly string[]): string[] {
  const named = new Set<string>(Object.values(TEXT_PARTS).flat());
  return all.filter((section) => !named.has(section));
}

/** `{ auth: { login: { title: '…' } } }` as `{ 'auth.login.title': '…' }`: the texts by the keys the screens ask for. */
export function flattenTexts(node: object, prefix = ''): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') texts[`${prefix}${key}`] = value;
    else Object.assign(texts, flattenTexts(value as object, `${prefix}${key}.`));
  }
  return texts;
}
