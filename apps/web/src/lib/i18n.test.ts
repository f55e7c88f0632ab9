import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@portal/domain/constants';
import { currentLocale, detectLocale, i18n, setLocale, type TextKey } from './i18n';
import en from '../locales/en.json';
import de from '../locales/de.json';

function storageWith(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === LOCALE_STORAGE_KEY ? value : null) };
}

describe('detectLocale (SPEC §1)', () => {
  it('uses the language stored under sonoLocale first', () => {
    expect(detectLocale({ storage: storageWith('de'), browserLanguages: ['en-US'] })).toBe('de');
    expect(detectLocale({ storage: storageWith('en'), browserLanguages: ['de-DE'] })).toBe('en');
  });

  it('ignores a stored value that is not a supported locale', () => {
    expect(detectLocale({ storage: storageWith('fr'), browserLanguages: ['de-AT'] })).toBe('de');
  });

  it('otherwise follows the browser language when it is German or English', () => {
    expect(detectLocale({ storage: storageWith(null), browserLanguages: ['de-DE', 'en'] })).toBe('de');
    expect(detectLocale({ storage: storageWith(null), browserLanguages: ['EN-gb'] })).toBe('en');
  });

  it('falls back to English for other browser languages or none', () => {
    expect(detectLocale({ storage: storageWith(null), browserLanguages: ['fr-FR', 'de-DE'] })).toBe('en');
    expect(detectLocale({})).toBe('en');
  });

  it('survives a storage that refuses access', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(detectLocale({ storage: blocked, browserLanguages: ['de'] })).toBe('de');
  });
});

describe('setLocale', () => {
  it('switches the language, persists the choice and marks the document', async () => {
    await setLocale('de');
    expect(currentLocale()).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('nav.logout')).toBe('Abmelden');
  });
});

describe('locales', () => {
  const keysOf = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, child]) =>
      child !== null && typeof child === 'object' ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    );

  it('German has exactly the keys of English', () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
  });

  it('has no empty texts', async () => {
    for (const [language, texts] of [['en', en], ['de', de]] as const) {
      await i18n.changeLanguage(language);
      const empty = keysOf(texts).filter((key) => i18n.t(key as TextKey) === '');
      expect(empty).toEqual([]);
    }
  });

  it('fills placeholders and plural forms as ICU messages', async () => {
    expect(i18n.t('wizard.offline.badge.photos', { count: 1 })).toBe('1 photo');
    expect(i18n.t('wizard.offline.badge.photos', { count: 3 })).toBe('3 photos');
    expect(i18n.t('rollout.attention.open', { serial: 'SN-1' })).toBe('Open SN-1');
    await i18n.changeLanguage('de');
    expect(i18n.t('wizard.offline.badge.photos', { count: 1 })).toBe('1 Foto');
    expect(i18n.t('wizard.offline.badge.photos', { count: 3 })).toBe('3 Fotos');
  });

  it('shows the default for a key computed from data that has no text', () => {
    expect(i18n.t('history.fields.notAField', { defaultValue: 'Something' })).toBe('Something');
    expect(i18n.exists('history.fields.notAField')).toBe(false);
    expect(i18n.exists('nav.logout')).toBe(true);
  });

  it('holds the wizard tab titles later steps rely on', () => {
    const tabs = ['preInstallation', 'general', 'customer', 'vehicle', 'system', 'setup', 'uploads', 'digitalCheck', 'summary'];
    for (const tab of tabs) expect(Object.keys(en.solar.installation.tabs)).toContain(tab);
    expect(en.solar.errors.formErrors.internalError).toBe(
      'An internal error occurred while processing the data. Please check and try again.',
    );
  });
});
