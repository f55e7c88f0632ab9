import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';

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
    <Group component="nav" aria-label={t('footer.label')} gap={0} justify="center" wrap="wrap" py="sm">
      {LINKS.map(({ key, path }) => (
        <Anchor
          key={key}
          href={`https://sonomotors.com/${locale}/${path}/`}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          c="dark.6"
          px="sm"
          py="xs"
          mih={44}
          display="inline-flex"
          style={{ alignItems: 'center' }}
        >
          {t(`footer.${key}`)}
        </Anchor>
      ))}
    </Group>
  );
}
