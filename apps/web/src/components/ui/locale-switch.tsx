import { Button, type ButtonGroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@portal/domain/constants';
import { currentLocale, setLocale } from '@/lib/i18n';

type LocaleSwitchProps = Omit<ButtonGroupProps, 'children'>;

/** Two toggle buttons (EN / DE): large enough for gloves, light enough for the login page. */
export function LocaleSwitch(props: LocaleSwitchProps) {
  // useTranslation re-renders this control whenever the language changes, wherever it was switched.
  const { t } = useTranslation();
  const value = currentLocale();
  return (
    <Button.Group aria-label={t('locale.label')} data-testid="locale-switch" {...props}>
      {LOCALES.map((locale) => {
        const isActive = locale === value;
        return (
          <Button
            key={locale}
            size="md"
            h={44}
            px="md"
            variant={isActive ? 'filled' : 'default'}
            aria-pressed={isActive}
            title={t(`locale.${locale}Name`)}
            lang={locale}
            onClick={() => void setLocale(locale)}
          >
            {t(`locale.${locale}`)}
          </Button>
        );
      })}
    </Button.Group>
  );
}
