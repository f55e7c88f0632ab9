import { useEffect, useState } from 'react';
import type { InstallationListItem } from '@portal/domain/installation';
import { afterNextPaint, deferredPart } from '@/lib/deferred-part';
import { NARROW_QUERY, useIsNarrow } from '@/lib/use-is-narrow';
import { InstallationCards } from './installation-cards';
import type { InstallationsTableProps } from './installations-table';

// Phones and upright tablets show cards and never load the table. A wide screen fetches it as soon as
// this module runs, alongside the list itself, so it is there when the rows are.
const table = deferredPart(() => import('./installations-table').then((m) => m.InstallationsTable));
const InstallationsTable = table.Component;
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia(NARROW_QUERY).matches) table.preload();

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
