import { useParams } from 'react-router';
import { VerifyPage } from '@/features/verify/components/verify-page';

/** #/verify/{code} reached inside the app: the same public page. */
export function VerifyRoute() {
  const { code = '' } = useParams();
  return <VerifyPage key={code} code={code} />;
}
