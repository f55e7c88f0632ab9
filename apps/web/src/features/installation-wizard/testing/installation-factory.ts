/** The wizard's tests take the shared test data of the domain. */
export { createVehicle } from '@portal/domain/testing/vehicle';
export { createInstallation, createInstallationWithVehicle } from '@portal/domain/testing/installation';
