import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { completeRedirectSignIn } from '@/features/auth/lib/complete-redirect-sign-in';
import { RedirectStatus } from './redirect-status';

/** Where the email link and the social providers send the browser back to. */
export function LoginCallbackRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();

  const signIn = () =>
    void completeRedirectSignIn(search).then((result) => {
      if (result.ok) navigate('/', { replace: true });
      else navigate('/login', { replace: true, state: { loginError: result.error } });
    });

  return <RedirectStatus label={t('auth.callback.signingIn')} run={signIn} />;
}
