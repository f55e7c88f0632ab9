import { describe, expect, it } from 'vitest';
import { createInstallation, createInstallationWithVehicle } from '../testing/installation-factory';
import { neighbourTab, parseTab, reachableTabs, resumeTab, tabsFor, withWaitingTabs } from './tabs';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';

const healthy = PASSED_INSPECTION;

describe('wizard tabs', () => {
  it('starts a new installation with the pre-installation checklist', () => {
    expect(tabsFor(true)[0]).toBe('preInstallation');
    expect(tabsFor(false)[0]).toBe('general');
    expect([...reachableTabs(null)]).toEqual(['preInstallation', 'general']);
  });

  it('opens a tab only when the data before it exists', () => {
    const fresh = createInstallation();
    expect([...reachableTabs(fresh)]).toEqual(['general', 'customer']);
    const confirmed = createInstallation({ customerDataConfirmed: true });
    expect(reachableTabs(confirmed).has('vehicle')).toBe(true);
    expect(reachableTabs(confirmed).has('system')).toBe(false);
    const withVehicle = createInstallationWithVehicle();
    expect(reachableTabs(withVehicle).has('setup')).toBe(false);
    expect(reachableTabs({ ...withVehicle, systemDataConfirmed: true }).has('setup')).toBe(true);
    expect(reachableTabs({ ...withVehicle, systemDataConfirmed: true }).has('uploads')).toBe(false);
  });

  it('opens everything after a recorded setup, and every tab of a completed installation', () => {
    const base = createInstallationWithVehicle();
    const setUp = createInstallationWithVehicle({
      system: { ...base.system, chargeControllers: base.system.chargeControllers.map((c) => ({ ...c, pvModulesCount: 6, activeChannelCount: 4 })) },
      inspections: base.system.chargeControllers.map((c) => ({ chargeControllerSerial: c.serialNumber, ...healthy })),
    });
    const reachable = reachableTabs(setUp);
    expect(reachable.has('setup') && reachable.has('summary')).toBe(true);
    expect(resumeTab(setUp, reachable)).toBe('uploads');
    expect(reachableTabs(createInstallation({ status: 'completed' })).size).toBe(8);
  });

  it('a tab whose save waits on the device opens the next one; a waiting setup opens the rest', () => {
    const fresh = reachableTabs(createInstallation());
    expect([...withWaitingTabs(fresh, ['customer'])]).toEqual(['general', 'customer', 'vehicle']);
    expect([...withWaitingTabs(fresh, ['customer', 'vehicle', 'system'])]).toEqual(['general', 'customer', 'vehicle', 'system', 'setup']);
    expect([...withWaitingTabs(fresh, ['customer', 'vehicle', 'system', 'setup'])]).toEqual([...tabsFor(false)]);
    // A waiting save of a tab that cannot be reached yet opens nothing.
    expect([...withWaitingTabs(fresh, ['system'])]).toEqual(['general', 'customer']);
  });

  it('resumes on the furthest tab with data to enter', () => {
    const confirmed = createInstallation({ customerDataConfirmed: true });
    expect(resumeTab(confirmed, reachableTabs(confirmed))).toBe('vehicle');
  });

  it('reads tabs from the address and steps between them', () => {
    expect(parseTab('vehicle')).toBe('vehicle');
    expect(parseTab('nonsense')).toBeNull();
    expect(neighbourTab(tabsFor(true), 'general', -1)).toBe('preInstallation');
    expect(neighbourTab(tabsFor(false), 'general', -1)).toBeNull();
    expect(neighbourTab(tabsFor(false), 'summary', 1)).toBeNull();
  });
});
