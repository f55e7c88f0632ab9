import { useParams } from 'react-router';
import { UnsubscribePage } from '@/features/rollout/components/unsubscribe-page';

/** #/rollout-mail/{token}: the weekly rollout mail's unsubscribe link, without sign-in. */
export function RolloutMailRoute() {
  const { token = '' } = useParams();
  return <UnsubscribePage token={token} />;
}
