import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { LoadError } from '@/components/ui/load-error';
import { RECENT_INSTALLATIONS } from '@portal/domain/installation-list';
import { useInstallations } from '../api/get-installations';
import { InstallationsView } from './installations-view';

export function RecentInstallations({ fleet }: { fleet: string }) {
  const { t } = useTranslation();
  const list = useInstallations(fleet, RECENT_INSTALLATIONS);
  const headingId = 'recent-installations-title';

  let content;
  if (list.isError && !list.data) {
    content = <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching} />;
  } else {
    content = (
      <InstallationsView
        fleet={fleet}
        items={list.data?.items ?? []}
        isLoading={list.isPending}
        isUpdating={list.isPlaceholderData}
        skeletonRows={3}
        emptyText={t('common.table.empty', { entity: t('solar.installations.entity') })}
      />
    );
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} size="h3" id={headingId}>
          {t('solar.installations.title')}
        </Title>
        {(list.data?.total ?? 0) > 0 && (
          <Button component={Link} to={`/${fleet}/installations`} variant="subtle" px="sm" rightSection={<IconArrowRight aria-hidden />}>
            {t('solar.installations.showAll')}
          </Button>
        )}
      </Group>
      {content}
    </Stack>
  );
}
