import { lazy, Suspense, useState } from 'react';
import type { InstallationListItem } from '@portal/domain/installation';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { InstallationCards } from './installation-cards';
import { InstallationsTable, type InstallationsTableProps } from './installations-table';

// Loaded with the first delete asked for: a list that is only looked at needs no dialog.
const DeleteInstallationDialog = lazy(() => import('./delete-installation-dialog').then((m) => ({ default: m.DeleteInstallationDialog })));

type InstallationsViewProps = Omit<InstallationsTableProps, 'onDelete'>;

/** The rows of a list as a table on wide screens and as cards on narrow ones, with the delete confirmation. */
export function InstallationsView({ sorting, ...props }: InstallationsViewProps) {
  const isNarrow = useIsNarrow();
  const [toDelete, setToDelete] = useState<InstallationListItem | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);

  const askToDelete = (installation: InstallationListItem) => {
    setToDelete(installation);
    setDialogOpen(true);
  };

  return (
    <>
      {isNarrow ? <InstallationCards {...props} onDelete={askToDelete} /> : <InstallationsTable {...props} sorting={sorting} onDelete={askToDelete} />}
      {toDelete && (
        <Suspense fallback={null}>
          <DeleteInstallationDialog fleet={props.fleet} installation={toDelete} opened={isDialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
