import { z } from 'zod';
import { CONTROLLER_TYPES } from './system-rules';
import { FORM_ERRORS as E } from './validation';

export * from './system-rules';

/** The system tab: the installer compared the controllers' serial numbers with the devices fitted. */
export const SystemAcknowledgementSchema = z.object({
  controllerSerialsConfirmed: z.literal(true, { error: E.confirmationRequired }),
});
export type SystemAcknowledgement = z.input<typeof SystemAcknowledgementSchema>;

export const SerialNumberSchema = z.string().trim().min(1, 'required').max(64, 'tooLong');

export const CustomerSchema = z.object({
  name: z.string(),
  primaryContact: z.string(),
  emailAddress: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const ChargeControllerSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  type: z.enum(CONTROLLER_TYPES),
  hardwareVersion: z.string(),
  firmwareVersion: z.string(),
  channelCount: z.number().int(),
  pvModulesCount: z.number().int().nullable(),
  activeChannelCount: z.number().int().nullable(),
});
export type ChargeController = z.infer<typeof ChargeControllerSchema>;

export const TelematicsSchema = z.object({
  unit: z.string(),
  imei: z.string(),
  iccid: z.string(),
});
export type Telematics = z.infer<typeof TelematicsSchema>;

/** A product from the registry, as the installer sees it (read-only). */
export const SystemSchema = z.object({
  serialNumber: z.string(),
  customer: CustomerSchema,
  pvModuleCount: z.number().int(),
  pvModuleVersion: z.string(),
  /** Wp */
  installedCapacity: z.number().int(),
  controllerQuantity: z.number().int(),
  chargeControllers: z.array(ChargeControllerSchema),
  telematics: z.array(TelematicsSchema),
});
export type System = z.infer<typeof SystemSchema>;

/** Path of `GET /api/systems/{serialNumber}`. */
export const SystemParamsSchema = z.object({ serialNumber: SerialNumberSchema });
