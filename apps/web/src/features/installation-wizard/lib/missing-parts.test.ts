import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { missingPartsOf, sortMissingParts } from './missing-parts';

describe('missing parts', () => {
  it('reads details.missing of a 422 in tab order, leaving out what it does not know', () => {
    const error = new ApiError({ status: 422, code: 'UNPROCESSABLE', message: 'no', details: { missing: ['systemChecks.pending', 'future.part', 'vehicle'] } });
    expect(missingPartsOf(error)).toEqual(['vehicle', 'systemChecks.pending']);
  });

  it('is null for any other failure', () => {
    expect(missingPartsOf(new ApiError({ status: 409, code: 'INSTALLATION_COMPLETED', message: 'done' }))).toBeNull();
    expect(missingPartsOf(new ApiError({ status: 422, code: 'UNPROCESSABLE', message: 'no' }))).toBeNull();
    expect(missingPartsOf(new Error('boom'))).toBeNull();
  });

  it('leads each part to the tab that records it', () => {
    expect(sortMissingParts(['uploads.telematics-mcu', 'customerDataConfirmed', 'systemChecks.failedNotConfirmed', 'setup']).map((p) => p.tab)).toEqual([
      'customer',
      'setup',
      'uploads',
      'digitalCheck',
    ]);
  });
});
