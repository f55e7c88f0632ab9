import { Anchor } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router';
import { AccessDenied } from '@/components/ui/access-denied';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { PageSection } from '@/components/ui/page-section';
import { useMe } from '@/features/fleet/api/get-me';
import { RolloutPage } from '@/features/rollout/components/rollout-page';

/** #/operator/rollout/:fleet: a fleet's rollout for the portal operator, read-only, without joining the fleet. */
export function OperatorRolloutRoute() {
  const { t } = useTranslation();
  const { fleet = '' } = useParams();
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  if (me.isError) return <LoadError onRetry={() => void me.refetch()} isRetrying={me.isFetching} />;
  if (!me.data.isOperator) return <AccessDenied onRetry={() => void me.refetch()} isRetrying={me.isFetching} />;
  return (
    <PageSection
      title={t('rollout.title')}
      subtitle={
        <Anchor component={Link} to="/operator?tab=rollout">
          {t('rollout.operator.back')}
        </Anchor>
      }
    >
      <RolloutPage key={fleet} slug={fleet} source="operator" isAdmin={false} />
    </PageSection>
  );
}
