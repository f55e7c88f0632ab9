import { and, eq, inArray } from 'drizzle-orm';
import type { CreateInstallation, Installation } from '@portal/domain/installation';
import { CreateInstallationSchema } from '@portal/domain/installation';
import type { Db } from '../../db/client';
import { fleet, installation } from '../../db/schema';
import { AppError } from '../../errors';
import { changedFields, recordHistory } from '../reports/history';
import { installationForCaller } from './read-model';
import { assertOwnPartner, findScopedSystem, searchTextOf, type Writer } from './repository';

/**
 * Creates the installation in the fleet of its system. When the request names a fleet
 * (`fleetId`, already checked to be the caller's), a system of another of the caller's fleets is
 * refused with SYSTEM_IN_OTHER_FLEET, naming that fleet, so the installer decides where it goes.
 */
export async function createInstallation(db: Db, fleetIds: number[], writer: Writer, input: CreateInstallation, fleetId: number | null): Promise<Installation> {
  const data = CreateInstallationSchema.parse(input);
  const { userId } = writer;
  const row = await db.transaction(async (tx) => {
    await assertOwnPartner(tx as Db, writer.companyId, data.partnerId);
    const target = await findScopedSystem(tx as Db, fleetIds, data.systemSerialNumber);
    if (!target) {
      throw new AppError('SYSTEM_NOT_FOUND', 'System with this product serial number has not been found', { field: 'systemSerialNumber' });
    }
    if (fleetId !== null && target.fleetId !== fleetId) {
      const [owner] = await tx.select({ slug: fleet.slug, name: fleet.name }).from(fleet).where(eq(fleet.id, target.fleetId));
      throw new AppError('SYSTEM_IN_OTHER_FLEET', `${target.serialNumber} belongs to ${owner!.name}. Name that fleet to record it there.`, {
        field: 'systemSerialNumber',
        serialNumber: target.serialNumber,
        fleet: owner!.slug,
        fleetName: owner!.name,
      });
    }
    const [created] = await tx
      .insert(installation)
      .values({
        fleetId: target.fleetId,
        systemId: target.id,
        systemSerial: target.serialNumber,
        createdBy: userId,
        updatedBy: userId,
        name: data.name,
        startDate: data.startDate,
        comments: data.comments,
        partnerId: data.partnerId ?? null,
        searchText: searchTextOf(data.name, target.serialNumber, null),
      })
      .onConflictDoNothing({ target: installation.systemId })
      .returning();
    if (!created) {
      // The system is one of the caller's fleets, so its installation is theirs to open: named with its status.
      const [existing] = await tx
        .select({ id: installation.id, status: installation.status, name: installation.name, fleet: fleet.slug })
        .from(installation)
        .innerJoin(fleet, eq(fleet.id, installation.fleetId))
        .where(and(eq(installation.systemId, target.id), inArray(installation.fleetId, fleetIds)));
      throw new AppError('SYSTEM_ALREADY_INSTALLED', 'The system with this product serial number already exists', {
        field: 'systemSerialNumber',
        serialNumber: target.serialNumber,
        ...(existing && { installationId: existing.id, installationName: existing.name, status: existing.status, fleet: existing.fleet }),
      });
    }
    await recordHistory(tx as Db, created, userId, 'created', [
      { field: 'systemSerialNumber', newValue: created.systemSerial },
      ...changedFields(null, created, ['name', 'startDate', 'comments', 'partnerId']),
    ]);
    return created;
  });
  return installationForCaller(db, row, writer);
}
