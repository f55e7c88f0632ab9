import { Navigate } from 'react-router';
import { DEFAULT_FLEET, SUPPORT_EMAIL } from '@portal/domain/constants';
import { pickHomeFleet } from '@portal/domain/fleet';
import { isWaitingForNetwork, LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuthConfig } from '@/features/auth/api/use-auth-config';
import { NoFleetCard } from '@/features/fleet/components/no-fleet-card';
import { useMe } from '@/features/fleet/api/get-me';

/** #/ opens the default fleet when the user may, else the user's first fleet; an operator without fleets gets the operator area. */
export function RootRedirect() {
  const me = useMe();
  const config = useAuthConfig();
  if (isWaitingForNetwork(me)) return <LoadError onRetry={() => void me.refetch()} />;
  if (me.isPending) return <PageLoader />;
  if (me.isError && !me.data) return <LoadError onRetry={() => void me.refetch()} isRetrying={me.isFetching} />;
  const slug = pickHomeFleet(me.data.fleets, DEFAULT_FLEET);
  if (!slug && me.data.isOperator) return <Navigate to="/operator" replace />;
  if (!slug) return <NoFleetCard supportEmail={config.data?.supportEmail || SUPPORT_EMAIL} />;
  return <Navigate to={`/${slug}`} replace />;
}
