import type { Locale } from '@portal/domain/constants';
import { flattenTexts } from '@/locales/parts';
import en from '../locales/en.json';
import de from '../locales/de.json';
import { addTranslations } from './i18n';

// Every text of the app, in both languages, for the tests: outside a production build Lingui
// compiles each message when it is first shown.
const all: Record<Locale, object> = { en, de };
for (const [locale, texts] of Object.entries(all)) addTranslations(locale as Locale, flattenTexts(texts));
