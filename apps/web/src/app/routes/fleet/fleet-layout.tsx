import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { AccessDenied } from '@/components/ui/access-denied';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { useFleet } from '@/features/fleet/api/get-fleet';
import { isApiError } from '@/lib/api-error';
import type { FleetContext } from './fleet-context';

/** Loads #/:fleet; a fleet the user is not a member of answers 404 and shows access denied. */
export function FleetLayout() {
  const { fleet: slug = '' } = useParams();
  const fleet = useFleet(slug);
  const refetch = () => void fleet.refetch();

  if (fleet.isPending) return <PageLoader />;
  if (fleet.isError) {
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
