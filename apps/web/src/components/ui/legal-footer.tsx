import { useTranslation } from '@/lib/i18n';
import { currentLocale } from '@/lib/i18n';
import classes from './legal-footer.module.css';

const LINKS = [
  { key: 'contact', path: 'contact' },
  { key: 'whistleblower', path: 'whistleblower-hotline' },
  { key: 'privacy', path: 'privacy-policy' },
  { key: 'imprint', path: 'imprint' },
  { key: 'terms', path: 'terms-and-conditions' },
] as const;

/** Contact and legal pages live on the company website, in the language of the portal. */
export function LegalFooter() {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <nav aria-label={t('footer.label')} className={classes.nav}>
      {LINKS.map(({ key, path }) => (
        <a key={key} href={`https://sonomotors.com/${locale}/${path}/`} target="_blank" rel="noopener noreferrer" className={classes.link}>
          {t(`footer.${key}`)}
        </a>
      ))}
    </nav>
  );
}
