import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuthStore } from '@/features/auth/stores/auth-store';

const AppFrame = lazy(() => import('../layouts/app-frame').then((m) => ({ default: m.AppFrame })));

/** Everything but the login pages needs a session; the way back (path and view query: tab, search, page) is kept in memory only. */
export function AuthGuard() {
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return (
    <Suspense fallback={<PageLoader />}>
      <AppFrame />
    </Suspense>
  );
}
