import { useTranslation } from '@/lib/i18n';
import { LOCALES } from '@portal/domain/constants';
import { currentLocale, setLocale } from '@/lib/i18n';
import classes from './locale-switch.module.css';

/** Two toggle buttons (EN / DE): large enough for gloves, light enough for the login page. */
export function LocaleSwitch() {
  // useTranslation re-renders this control whenever the language changes, wherever it was switched.
  const { t } = useTranslation();
  const value = currentLocale();
  return (
    <div role="group" aria-label={t('locale.label')} data-testid="locale-switch" className={classes.group}>
      {LOCALES.map((locale) => {
        const isActive = locale === value;
        return (
          <button
            key={locale}
            type="button"
            className={classes.button}
            aria-pressed={isActive}
            title={t(`locale.${locale}Name`)}
            lang={locale}
            onClick={() => void setLocale(locale)}
          >
            {t(`locale.${locale}`)}
          </button>
        );
      })}
    </div>
  );
}
