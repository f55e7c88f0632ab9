import { lazy } from 'react';
import { stepLoaders } from './step-loaders';

/** The wizard's tabs as components, each loaded when its tab first opens (see step-loaders.ts). */
export const PreInstallationStep = lazy(() => stepLoaders.preInstallation().then((m) => ({ default: m.PreInstallationStep })));
export const GeneralStep = lazy(() => stepLoaders.general().then((m) => ({ default: m.GeneralStep })));
export const CustomerStep = lazy(() => stepLoaders.customer().then((m) => ({ default: m.CustomerStep })));
export const VehicleStep = lazy(() => stepLoaders.vehicle().then((m) => ({ default: m.VehicleStep })));
export const SystemStep = lazy(() => stepLoaders.system().then((m) => ({ default: m.SystemStep })));
export const SetupStep = lazy(() => stepLoaders.setup().then((m) => ({ default: m.SetupStep })));
export const UploadsStep = lazy(() => stepLoaders.uploads().then((m) => ({ default: m.UploadsStep })));
export const DigitalCheckStep = lazy(() => stepLoaders.digitalCheck().then((m) => ({ default: m.DigitalCheckStep })));
export const SummaryStep = lazy(() => stepLoaders.summary().then((m) => ({ default: m.SummaryStep })));
