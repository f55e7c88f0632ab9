import { AccessDenied } from '@/components/ui/access-denied';

type AdminAccessDeniedProps = {
  /** The panel's query that the admin API refused. */
  query: { isFetching: boolean; refetch: () => unknown };
  /** Reload the user's role in the fleet. */
  onRetryAccess: () => void;
};

/** In place of an admin panel the API refused (403 or 404): trying again reloads the role and the panel's data. */
export function AdminAccessDenied({ query, onRetryAccess }: AdminAccessDeniedProps) {
  return (
    <AccessDenied
      onRetry={() => {
        onRetryAccess();
        void query.refetch();
      }}
      isRetrying={query.isFetching}
    />
  );
}
