import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@portal/domain/constants';
import { currentLocale, detectLocale, i18n, setLocale } from './i18n';
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

  it('has no empty texts', () => {
    for (const locale of [en, de]) {
      const empty = keysOf(locale).filter((key) => i18n.getFixedT(locale === en ? 'en' : 'de')(key as never) === '');
      expect(empty).toEqual([]);
    }
  });

  it('holds the wizard tab titles later steps rely on', () => {
    const tabs = ['preInstallation', 'general', 'customer', 'vehicle', 'system', 'setup', 'uploads', 'digitalCheck', 'summary'];
    for (const tab of tabs) expect(Object.keys(en.solar.installation.tabs)).toContain(tab);
    expect(en.solar.errors.formErrors.internalError).toBe(
      'An internal error occurred while processing the data. Please check and try again.',
    );
  });
});
