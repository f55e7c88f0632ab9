import { Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/** #/:fleet/installations/:id: the installation wizard takes this place. */
export function InstallationRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('solar.installation.title', { id })}</Title>
      <Paper withBorder radius="md" p="xl">
        <Text>{t('solar.installation.placeholder')}</Text>
      </Paper>
    </Stack>
  );
}
