import { useEffect, useState } from 'react';
import type { InstallationListItem } from '@portal/domain/installation';
import { afterNextPaint, deferredPart } from '@/lib/deferred-part';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { InstallationCards } from './installation-cards';
import { InstallationsTable, type InstallationsTableProps } from './installations-table';

// Fetched right after the list has been painted, shown with the first delete: showing the list needs no dialog.
const deleteDialog = deferredPart(() => import('./delete-installation-dialog').then((m) => m.DeleteInstallationDialog));
const DeleteInstallationDialog = deleteDialog.Component;

type InstallationsViewProps = Omit<InstallationsTableProps, 'onDelete'>;

/** The rows of a list as a table on wide screens and as cards on narrow ones, with the delete confirmation. */
export function InstallationsView({ sorting, ...props }: InstallationsViewProps) {
  const isNarrow = useIsNarrow();
  const [toDelete, setToDelete] = useState<InstallationListItem | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  useEffect(() => afterNextPaint(deleteDialog.preload), []);

  const askToDelete = (installation: InstallationListItem) => {
    setToDelete(installation);
    setDialogOpen(true);
  };

  return (
    <>
      {isNarrow ? <InstallationCards {...props} onDelete={askToDelete} /> : <InstallationsTable {...props} sorting={sorting} onDelete={askToDelete} />}
      {toDelete && <DeleteInstallationDialog fleet={props.fleet} installation={toDelete} opened={isDialogOpen} onClose={() => setDialogOpen(false)} />}
    </>
  );
}
