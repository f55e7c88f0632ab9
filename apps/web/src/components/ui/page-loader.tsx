import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useMarksPageBusy } from '@/lib/page-busy';

/** Stands in for a page while it loads; screen readers hear the words, the spinner itself is decoration. */
export function PageLoader() {
  const { t } = useTranslation();
  useMarksPageBusy();
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
