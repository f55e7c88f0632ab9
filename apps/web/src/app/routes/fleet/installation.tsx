import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { isWaitingForNetwork, LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { useInstallation } from '@/features/installation-wizard/api/get-installation';
import { InstallationWizard } from '@/features/installation-wizard/components/installation-wizard';
import { readLocalLink } from '@/features/installation-wizard/lib/draft-storage';
import { useWizardStore } from '@/features/installation-wizard/stores/wizard-store';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { isApiError } from '@/lib/api-error';
import { isRowId } from '@portal/domain/row-id';
import type { Fleet } from '@portal/domain/fleet';
import { useCurrentFleet } from './fleet-context';

/** Who the wizard works for: the signed-in user, and whether they administer the fleet. */
function useViewer(fleet: Fleet) {
  const userId = useAuthStore((state) => state.user?.id ?? 'anonymous');
  // An older copy of the fleet on the device may lack the field: unfolded then.
  const isReturning = fleet.hasOwnInstallations === true;
  return useMemo(() => ({ userId, isFleetAdmin: fleet.role === 'admin', isReturning }), [userId, fleet.role, isReturning]);
}

/** An installation started offline that the server has created meanwhile: its own page opens instead. */
function useOpenCreated(localId: number | null, userId: string) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? 'general';
  // Sent while this page shows: the sync says so once the installation's saves went.
  const created = useWizardStore((state) => (localId !== null && state.created?.localId === localId ? state.created : null));
  useEffect(() => {
    if (localId === null) return;
    let isActive = true;
    void readLocalLink(userId, localId).then((link) => {
      if (isActive && link) navigate(`/${link.fleet}/installations/${link.id}?tab=${tab}`, { replace: true });
    });
    return () => {
      isActive = false;
    };
  }, [localId, userId, tab, navigate, created]);
}

function InstallationNotFound({ fleet }: { fleet: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl" role="alert" data-testid="installation-not-found">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconSearchOff size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('wizard.notFound.title')}
        </Title>
        <Text>{t('wizard.notFound.text')}</Text>
        <Button component={Link} to={`/${fleet}/installations`}>
          {t('wizard.actions.backToInstallations')}
        </Button>
      </Stack>
    </Card>
  );
}

/** #/:fleet/installations/:id: the wizard of a saved installation; ids outside the user's fleets are 'not found'. */
export function InstallationRoute() {
  const { fleet } = useCurrentFleet();
  const { id = '' } = useParams();
  // An installation started offline has the device's own (negative) id until the server created it: it lives in the device copy only.
  const isLocal = /^-\d{1,16}$/.test(id);
  const isValidId = isRowId(id) || isLocal;
  const numericId = isValidId ? Number(id) : NaN;
  const installation = useInstallation(numericId, { enabled: isValidId && !isLocal });
  const viewer = useViewer(fleet);
  useOpenCreated(isLocal ? numericId : null, viewer.userId);
  // The first answer arrives as an urgent update; the wizard it fills is built in a deferred render that
  // yields to taps every few milliseconds, while the loader stays for those few frames.
  const isBuilt = useDeferredValue(installation.data !== undefined);

  if (!isValidId || (isLocal && !installation.data)) return <InstallationNotFound fleet={fleet.slug} />;
  if (isWaitingForNetwork(installation)) return <LoadError onRetry={() => void installation.refetch()} />;
  if (installation.isPending || (installation.data && !isBuilt)) return <PageLoader />;
  if (installation.isError && !installation.data) {
    if (isApiError(installation.error) && installation.error.status === 404) return <InstallationNotFound fleet={fleet.slug} />;
    return <LoadError onRetry={() => void installation.refetch()} isRetrying={installation.isFetching} />;
  }
  return <InstallationWizard fleet={fleet.slug} installation={installation.data} viewer={viewer} />;
}

/** #/:fleet/installations/new: the pre-installation checklist, then the general tab creates the installation. */
export function NewInstallationRoute() {
  const { fleet } = useCurrentFleet();
  const viewer = useViewer(fleet);
  return <InstallationWizard fleet={fleet.slug} installation={null} viewer={viewer} />;
}
