import { describe, expect, it } from 'vitest';
import { ControllerSetupSchema, HEALTHY_LED_STATES, isActiveChannelCountValid, isInspectionComplete, isInspectionPassed, isPvModuleSumValid, PhysicalInspectionSchema, setupIssues, WHOLE_SYSTEM, wrongLeds } from './setup';
import { channelsFor } from './system';
import { PASSED_INSPECTION } from './testing/vehicle';

const ok = PASSED_INSPECTION;

describe('channels', () => {
  it('allows 7 active channels on high voltage and 8 on low voltage', () => {
    expect(channelsFor('HV')).toBe(7);
    expect(channelsFor('LV')).toBe(8);
    expect(isActiveChannelCountValid('HV', 7)).toBe(true);
    expect(isActiveChannelCountValid('HV', 8)).toBe(false);
    expect(isActiveChannelCountValid('LV', 8)).toBe(true);
    expect(isActiveChannelCountValid('LV', 9)).toBe(false);
    expect(isActiveChannelCountValid('LV', 0)).toBe(false);
  });
});

describe('PV module sum', () => {
  it('may reach but never exceed the modules of the system', () => {
    expect(isPvModuleSumValid([6, 6], 12)).toBe(true);
    expect(isPvModuleSumValid([6, 7], 12)).toBe(false);
  });
});

describe('physical inspection', () => {
  it('passes with power constantly lit, status on or blinking, fault off', () => {
    expect(isInspectionPassed(ok)).toBe(true);
    expect(isInspectionPassed({ ...ok, statusLed: 'blinking' })).toBe(true);
  });
  it('fails otherwise', () => {
    expect(isInspectionPassed({ ...ok, powerLed: 'blinking' })).toBe(false);
    expect(isInspectionPassed({ ...ok, statusLed: 'off' })).toBe(false);
    expect(isInspectionPassed({ ...ok, faultLed: 'on' })).toBe(false);
  });
  it('names the LEDs that differ from a healthy controller', () => {
    expect(wrongLeds(ok)).toEqual([]);
    expect(wrongLeds({ ...ok, powerLed: 'off', faultLed: 'blinking' })).toEqual(['powerLed', 'faultLed']);
    expect(wrongLeds({ statusLed: 'off' })).toEqual(['statusLed']);
    expect(HEALTHY_LED_STATES).toEqual({ powerLed: ['constantlyLit'], statusLed: ['on', 'blinking'], faultLed: ['off'] });
  });
  it('the request schema reports inspectionFailed', () => {
    const r = ControllerSetupSchema.safeParse({ installationId: 1, version: 0, pvModulesCount: 4, activeChannelCount: 4, inspection: { ...ok, faultLed: 'blinking' } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('inspectionFailed');
  });
});

describe('setupIssues', () => {
  it('names each row and field that is wrong', () => {
    const issues = setupIssues(
      [
        { type: 'HV', pvModulesCount: 8, activeChannelCount: 8, inspection: ok },
        { type: 'LV', pvModulesCount: 6, activeChannelCount: null, inspection: { ...ok, faultLed: 'on' } },
      ],
      12,
    );
    expect(issues).toEqual([
      { row: 0, field: 'activeChannelCount', message: 'invalidActiveChannels' },
      { row: 1, field: 'activeChannelCount', message: 'required' },
      { row: 1, field: 'inspection', message: 'inspectionFailed' },
      { row: WHOLE_SYSTEM, field: 'pvModulesCount', message: 'pvModuleLimitExceeded' },
    ]);
    expect(WHOLE_SYSTEM).toBe(-1);
  });
  it('asks for what is missing', () => {
    expect(setupIssues([{ type: 'HV', pvModulesCount: null, activeChannelCount: null, inspection: { powerLed: 'constantlyLit' } }], 12)).toEqual([
      { row: 0, field: 'pvModulesCount', message: 'required' },
      { row: 0, field: 'activeChannelCount', message: 'required' },
      { row: 0, field: 'inspection', message: 'required' },
    ]);
  });
  it('counts an inspection complete exactly when its schema takes it', () => {
    const inspections = [ok, { powerLed: 'constantlyLit' }, { ...ok, statusLed: 'constantlyLit' }, { ...ok, faultLed: null }, { ...ok, extra: 1 }, {}];
    for (const i of inspections) expect(isInspectionComplete(i as never), JSON.stringify(i)).toBe(PhysicalInspectionSchema.safeParse(i).success);
    expect(inspections.filter((i) => isInspectionComplete(i as never))).toHaveLength(2);
  });
  it('leaves an inspection that is not given unchecked', () => {
    expect(setupIssues([{ type: 'HV', pvModulesCount: 4, activeChannelCount: 7 }], 12)).toEqual([]);
  });
  it('counts the modules of the controllers that are not among the rows', () => {
    const row = { type: 'LV', pvModulesCount: 6, activeChannelCount: 8, inspection: ok } as const;
    expect(setupIssues([row], 12, [6])).toEqual([]);
    expect(setupIssues([row], 12, [7])).toEqual([{ row: WHOLE_SYSTEM, field: 'pvModulesCount', message: 'pvModuleLimitExceeded' }]);
  });
  it('is empty for a good setup', () => {
    expect(setupIssues([{ type: 'LV', pvModulesCount: 8, activeChannelCount: 8, inspection: ok }], 8)).toEqual([]);
  });
});
