import { describe, expect, it } from 'vitest';
import { maxVehicleYear } from '@portal/domain/vehicle';
import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { serverFieldErrors, translateFormError } from './form-errors';

describe('translateFormError', () => {
  it('turns domain message keys into sentences naming the field', () => {
    const { t } = i18n;
    expect(translateFormError(t, 'required', 'manufacturer')).toBe('The manufacturer is required');
    expect(translateFormError(t, 'invalidNumber', 'year')).toBe('The field year should be a number');
    expect(translateFormError(t, 'invalidYear', 'year')).toBe(`Please enter a valid year between 2000 and ${maxVehicleYear()}.`);
    expect(translateFormError(t, 'confirmationRequired', 'name')).toBe('Please confirm the information is correct');
    expect(translateFormError(t, 'pvModuleLimitExceeded', 'pvModulesCount', { limit: 12 })).toBe('Together, the charge controllers can have at most 12 PV modules.');
    expect(translateFormError(t, undefined, 'name')).toBeUndefined();
    expect(translateFormError(t, 'something new', 'city')).toBe('Please check the city.');
  });

  it('speaks German with the formal address', async () => {
    await i18n.changeLanguage('de');
    const { t } = i18n;
    expect(translateFormError(t, 'required', 'manufacturer')).toBe('Das Feld Hersteller ist erforderlich');
    expect(translateFormError(t, 'inspectionFailed', 'powerLed')).toBe('Bitte überprüfen Sie die Daten der Sichtprüfung');
  });
});

describe('serverFieldErrors', () => {
  const error = (code: string, details?: unknown) => new ApiError({ status: 400, code, message: 'x', details });

  it('puts the serial number checks on the serial number', () => {
    expect(serverFieldErrors(error('SYSTEM_NOT_FOUND'))).toEqual([{ field: 'systemSerialNumber', message: 'systemNotFound' }]);
    expect(serverFieldErrors(error('SYSTEM_ALREADY_INSTALLED'))).toEqual([{ field: 'systemSerialNumber', message: 'systemAlreadyInstalled' }]);
  });

  it('reads zod details by body path and setup details by row', () => {
    expect(serverFieldErrors(error('VALIDATION_ERROR', [{ path: 'body.name', message: 'required' }]))).toEqual([{ field: 'name', message: 'required' }]);
    expect(
      serverFieldErrors(
        error('VALIDATION_ERROR', [
          { index: 1, field: 'activeChannelCount', message: 'invalidActiveChannels' },
          { index: -1, field: 'pvModulesCount', message: 'pvModuleLimitExceeded' },
        ]),
      ),
    ).toEqual([
      { field: 'controllers.1.activeChannelCount', message: 'invalidActiveChannels' },
      { field: 'pvModulesCount', message: 'pvModuleLimitExceeded' },
    ]);
    expect(serverFieldErrors(error('VERSION_CONFLICT'))).toEqual([]);
  });
});
