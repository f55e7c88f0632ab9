import en from '../locales/en.json';
import de from '../locales/de.json';
import { addAllTranslations } from './i18n';

// Every text of the app, in both languages; imported by the app's chunk, never by the login page.
export const resources = { en: { translation: en }, de: { translation: de } } as const;

addAllTranslations({ en, de });
