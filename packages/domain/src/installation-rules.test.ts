import { describe, expect, it } from 'vitest';
import { INSTALLATION_STEPS, stepPosition, stepReached, WIZARD_TABS, type StepFacts } from './installation-rules';

const none: StepFacts = {
  customerDataConfirmed: false,
  hasVehicle: false,
  systemDataConfirmed: false,
  hasSetup: false,
  hasUploads: false,
  hasCheckResult: false,
  summaryDataConfirmed: false,
};

describe('stepReached', () => {
  it('is general for a new draft and the furthest saved step after that', () => {
    expect(stepReached(none)).toBe('general');
    expect(stepReached({ ...none, customerDataConfirmed: true })).toBe('customer');
    expect(stepReached({ ...none, customerDataConfirmed: true, hasVehicle: true })).toBe('vehicle');
    expect(stepReached({ ...none, customerDataConfirmed: true, hasVehicle: true, systemDataConfirmed: true })).toBe('system');
    expect(stepReached({ ...none, customerDataConfirmed: true, hasVehicle: true, systemDataConfirmed: true, hasSetup: true })).toBe('setup');
    expect(stepReached({ ...none, customerDataConfirmed: true, hasVehicle: true, hasUploads: true })).toBe('uploads');
    expect(stepReached({ ...none, hasUploads: true, hasCheckResult: true })).toBe('digitalCheck');
    expect(stepReached({ ...none, hasCheckResult: true, summaryDataConfirmed: true })).toBe('summary');
  });

  it('counts the step of the furthest saved data, also when one before it was left out', () => {
    // A setup saved before the controller serial numbers were confirmed (an installation from before that box).
    expect(stepReached({ ...none, customerDataConfirmed: true, hasVehicle: true, hasSetup: true })).toBe('setup');
  });
});

describe('stepPosition', () => {
  it('numbers the steps of a saved installation from 1, without the pre-installation screen', () => {
    expect(INSTALLATION_STEPS).toEqual(WIZARD_TABS.filter((tab) => tab !== 'preInstallation'));
    expect(stepPosition('general')).toEqual({ position: 1, total: 8 });
    expect(stepPosition('uploads')).toEqual({ position: 6, total: 8 });
    expect(stepPosition('summary')).toEqual({ position: 8, total: 8 });
  });
});
