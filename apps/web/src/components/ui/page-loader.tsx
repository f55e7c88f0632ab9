import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMarksPageBusy } from '@/lib/page-busy';

export function PageLoader() {
  const { t } = useTranslation();
  useMarksPageBusy();
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
