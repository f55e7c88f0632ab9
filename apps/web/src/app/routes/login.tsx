import { useLocation } from 'react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import type { LoginErrorKey } from '@/features/auth/lib/login-errors';

type LoginLocationState = { from?: unknown; loginError?: LoginErrorKey } | null;

/** #/login reached inside the app (a redirect of the guard or the callback): the router's state says why. */
export function LoginRoute() {
  const state = useLocation().state as LoginLocationState;
  return <LoginPage from={state?.from} loginError={state?.loginError ?? null} />;
}
