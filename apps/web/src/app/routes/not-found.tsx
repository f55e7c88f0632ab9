import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={2}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to="/" replace>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Card>
  );
}
