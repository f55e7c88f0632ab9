import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/i18n';
import { withTexts } from '@/lib/i18n-lazy';
import { PageSection } from '@/components/ui/page-section';
import { AccessDenied } from '@/components/ui/access-denied';
import { isWaitingForNetwork, LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { useMe } from '@/features/fleet/api/get-me';
import { OperatorArea } from '@/features/operator/components/operator-area';

const OperatorRollout = lazy(() => withTexts('rollout', () => import('@/features/rollout/components/operator-rollout')).then((m) => ({ default: m.OperatorRollout })));

/** #/operator: only portal operators get in; the API answers 403 to everyone else. */
export function OperatorRoute() {
  const { t } = useTranslation();
  const me = useMe();
  if (isWaitingForNetwork(me)) return <LoadError onRetry={() => void me.refetch()} />;
  if (me.isPending) return <PageLoader />;
  if (me.isError && !me.data) return <LoadError onRetry={() => void me.refetch()} isRetrying={me.isFetching} />;
  if (!me.data.isOperator) return <AccessDenied onRetry={() => void me.refetch()} isRetrying={me.isFetching} />;
  return (
    <PageSection title={t('operator.title')} subtitle={t('operator.subtitle')}>
      <OperatorArea
        rolloutPanel={
          <Suspense fallback={<PageLoader />}>
            <OperatorRollout />
          </Suspense>
        }
      />
    </PageSection>
  );
}
