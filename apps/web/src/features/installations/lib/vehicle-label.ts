import type { InstallationListItem } from '@portal/domain/installation';

/** 'Manufacturer Model' of a recorded vehicle, or null before the vehicle tab was saved. */
export function vehicleLabel(vehicle: InstallationListItem['vehicle']): string | null {
  if (!vehicle) return null;
  const label = [vehicle.manufacturer, vehicle.model].map((part) => part.trim()).filter(Boolean).join(' ');
  return label || null;
}
