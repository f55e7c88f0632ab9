import { CHANNELS_HIGH_VOLTAGE, CHANNELS_LOW_VOLTAGE } from './constants';

// Plain TypeScript, no schema library: the controllers' types and serial number rules, used by the
// wizard's tabs before (or without) loading the schemas and by the server. The schemas are in ./system.

export const CONTROLLER_TYPES = ['HV', 'LV'] as const;
export type ControllerType = (typeof CONTROLLER_TYPES)[number];

/** A charge controller drives 7 PV channels on high voltage, 8 on low voltage. */
export const channelsFor = (type: ControllerType) => (type === 'HV' ? CHANNELS_HIGH_VOLTAGE : CHANNELS_LOW_VOLTAGE);

/** Serial numbers are compared without surrounding spaces and case, as the registry looks them up. */
export const isSameSerialNumber = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
