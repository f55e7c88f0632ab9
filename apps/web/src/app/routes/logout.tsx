import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/features/auth/api/sign-out';
import { clearLocalSession } from '@/features/auth/lib/session';
import { useErrorStore } from '@/lib/error-store';
import { RedirectStatus } from './redirect-status';

/** SPEC §2 #/logout: end the session, forget everything local, go to / (which leads to the login). */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logOut = () =>
    void signOut()
      // Signing out locally matters more than the server's answer (offline, session already gone).
      .catch(() => undefined)
      .finally(() => {
        clearLocalSession();
        queryClient.clear();
        useErrorStore.getState().clearError();
        navigate('/', { replace: true });
      });

  return <RedirectStatus label={t('auth.logout.signingOut')} run={logOut} />;
}
