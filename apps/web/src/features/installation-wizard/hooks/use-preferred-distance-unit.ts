import { useLocalStorage } from '@mantine/hooks';
import { DISTANCE_UNIT_STORAGE_KEY } from '@portal/domain/constants';
import { DEFAULT_DISTANCE_UNIT, isDistanceUnit, type DistanceUnit } from '@portal/domain/vehicle-rules';

/** The installer's distance unit, remembered on the device (SPEC §3 preferredDistanceUnit). */
export function usePreferredDistanceUnit() {
  return useLocalStorage<DistanceUnit>({
    key: DISTANCE_UNIT_STORAGE_KEY,
    defaultValue: DEFAULT_DISTANCE_UNIT,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (value && isDistanceUnit(value) ? value : DEFAULT_DISTANCE_UNIT),
  });
}
