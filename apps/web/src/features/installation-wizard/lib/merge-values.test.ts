import { describe, expect, it } from 'vitest';
import { flattenValues, mergeValues, takeField } from './merge-values';

const base = { name: 'Bus 1', comments: '', partnerId: null as string | null, controllers: [{ pvModulesCount: '2', inspection: { powerLed: 'on' } }] };

describe('mergeValues', () => {
  it('takes what only the other device changed and keeps what only this one changed', () => {
    const mine = { ...base, name: 'Bus 1 (depot)' };
    const theirs = { ...base, comments: 'Roof wet' };
    expect(mergeValues(base, mine, theirs)).toEqual({ merged: { ...base, name: 'Bus 1 (depot)', comments: 'Roof wet' }, conflicts: [] });
  });

  it('reports a field both changed differently, keeping mine until the installer chooses', () => {
    const mine = { ...base, name: 'Mine', controllers: [{ pvModulesCount: '3', inspection: { powerLed: 'on' } }] };
    const theirs = { ...base, name: 'Theirs', controllers: [{ pvModulesCount: '4', inspection: { powerLed: 'off' } }] };
    const { merged, conflicts } = mergeValues(base, mine, theirs);
    expect(conflicts).toEqual([
      { path: 'name', mine: 'Mine', theirs: 'Theirs' },
      { path: 'controllers.0.pvModulesCount', mine: '3', theirs: '4' },
    ]);
    expect(merged.name).toBe('Mine');
    expect(merged.controllers[0]!.inspection.powerLed).toBe('off');
    expect(takeField(merged, theirs, 'controllers.0.pvModulesCount').controllers[0]!.pvModulesCount).toBe('4');
  });

  it('the same change on both devices is no conflict', () => {
    const both = { ...base, name: 'Same' };
    expect(mergeValues(base, both, both).conflicts).toEqual([]);
  });

  it('linked fields follow the field shown: one choice, one row', () => {
    const b = { mileage: '100', mileageUnit: 'km', mileageEntered: { text: '100', unit: 'km' } };
    const mine = { mileage: '70', mileageUnit: 'mi', mileageEntered: { text: '70', unit: 'mi' } };
    const theirs = { mileage: '200', mileageUnit: 'km', mileageEntered: { text: '200', unit: 'km' } };
    const linked = { mileage: ['mileageUnit', 'mileageEntered'] };
    const { merged, conflicts } = mergeValues(b, mine, theirs, linked);
    expect(conflicts).toEqual([{ path: 'mileage', mine: '70', theirs: '200' }]);
    expect(merged).toEqual(mine);
    expect(takeField(merged, theirs, 'mileage', linked)).toEqual(theirs);
  });

  it('flattens nested values to dotted paths', () => {
    expect([...flattenValues(base).keys()]).toEqual(['name', 'comments', 'partnerId', 'controllers.0.pvModulesCount', 'controllers.0.inspection.powerLed']);
  });
});
