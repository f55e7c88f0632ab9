import { eq } from 'drizzle-orm';
import { isEditable } from '@portal/domain/installation';
import type { Db } from '../../db/client';
import { chargeController, installation, upload, vehicle } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../uploads/file-store';
import { recordHistory } from '../reports/history';
import { processObjectDeletions, queueUnreferencedObjects } from '../uploads/object-deletions';
import { callerMayDelete, findScopedInstallation, type Caller } from './repository';

/**
 * Deletes a draft with everything recorded for it, and frees its system for a new installation.
 * Only its creator or an admin of its fleet may (canDeleteInstallation).
 */
export async function deleteInstallation(db: Db, fileStore: FileStore | null, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, caller.fleets.map((f) => f.id), id, { forUpdate: true });
    if (!isEditable(row.status)) throw new AppError('INSTALLATION_COMPLETED', 'A completed installation cannot be deleted');
    if (!callerMayDelete(row, caller)) {
      throw new AppError('FORBIDDEN', 'Only the installer who created this draft or an admin of the fleet may delete it');
    }
    const files = await tx.select({ key: upload.storageKey }).from(upload).where(eq(upload.installationId, id));
    await recordHistory(tx as Db, row, caller.userId, 'deleted');
    await tx.delete(installation).where(eq(installation.id, id));
    // Its uploads went with it (cascade); their objects are queued in the same transaction.
    await queueUnreferencedObjects(tx as Db, files.map((f) => f.key));
    if (row.vehicleId) await tx.delete(vehicle).where(eq(vehicle.id, row.vehicleId));
    await tx.update(chargeController).set({ pvModulesCount: null, activeChannelCount: null }).where(eq(chargeController.systemId, row.systemId));
  });
  // Its objects go at once when the store answers; the queue retries otherwise.
  if (fileStore) await processObjectDeletions(db, fileStore).catch(() => {});
}
