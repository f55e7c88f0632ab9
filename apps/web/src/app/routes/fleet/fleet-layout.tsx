import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useParams } from 'react-router';
import { AccessDenied } from '@/components/ui/access-denied';
import { isWaitingForNetwork, LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { useFleet } from '@/features/fleet/api/get-fleet';
import { isApiError } from '@/lib/api-error';
import { afterNextPaint } from '@/lib/deferred-part';
import type { FleetContext } from './fleet-context';

/** Loads #/:fleet; a fleet the user is not a member of answers 404 and shows access denied. */
export function FleetLayout() {
  const { fleet: slug = '' } = useParams();
  const fleet = useFleet(slug);
  const refetch = () => void fleet.refetch();
  const queryClient = useQueryClient();
  const isLoaded = fleet.isSuccess;
  // Once the fleet's screen has painted: its serial numbers go into the device copy, for starting an installation offline.
  useEffect(() => {
    if (!isLoaded) return;
    return afterNextPaint(() => void import('@/lib/fleet-serials').then((m) => m.keepFleetSerials(queryClient, slug)));
  }, [isLoaded, queryClient, slug]);

  if (isWaitingForNetwork(fleet)) return <LoadError onRetry={refetch} />;
  if (fleet.isPending) return <PageLoader />;
  // A read that failed after an answer keeps showing that answer (the device's copy, offline).
  if (fleet.isError && !fleet.data) {
    const status = isApiError(fleet.error) ? fleet.error.status : 500;
    if (status === 403 || status === 404) return <AccessDenied onRetry={refetch} isRetrying={fleet.isFetching} />;
    return <LoadError onRetry={refetch} isRetrying={fleet.isFetching} />;
  }

  const context: FleetContext = { fleet: fleet.data, refetch, isRefetching: fleet.isFetching };
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet context={context} />
    </Suspense>
  );
}
