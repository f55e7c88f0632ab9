import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { fileProblemMessage, pickerAccept, readAsDataUrl, toKilobytes, uploadProblemOf } from './upload-file';

const refusal = (status: number, code: string) => new ApiError({ status, code, message: code });

describe('uploadProblemOf', () => {
  it('puts the refusals of the server next to the file', () => {
    expect(uploadProblemOf(refusal(415, 'UNSUPPORTED_FILE_TYPE'))).toBe('invalidFileType');
    expect(uploadProblemOf(refusal(413, 'PAYLOAD_TOO_LARGE'))).toBe('invalidFileSize');
    expect(uploadProblemOf(refusal(422, 'IMAGE_TOO_LARGE'))).toBe('imageTooLarge');
    expect(uploadProblemOf(refusal(409, 'MAX_FILES'))).toBe('maxFiles');
    expect(uploadProblemOf(refusal(400, 'VALIDATION_ERROR'))).toBe('refused');
  });

  it('leaves failures that are not about the file to the save as a whole', () => {
    expect(uploadProblemOf(refusal(409, 'INSTALLATION_COMPLETED'))).toBeNull();
    expect(uploadProblemOf(refusal(500, 'INTERNAL_ERROR'))).toBeNull();
    expect(uploadProblemOf(new ApiError({ status: 500, code: 'UNKNOWN_ERROR', message: 'Failed to fetch', isNetworkError: true }))).toBeNull();
    expect(uploadProblemOf(new Error('bug'))).toBeNull();
  });
});

describe('fileProblemMessage', () => {
  it('says the limits of SPEC §9 in both languages', async () => {
    expect(fileProblemMessage(i18n.t, 'invalidFileSize')).toBe('The file is too large. The maximum is 25 MB.');
    expect(fileProblemMessage(i18n.t, 'maxFiles')).toBe('A category holds at most 10 files.');
    await i18n.changeLanguage('de');
    expect(fileProblemMessage(i18n.t, 'invalidFileType')).toBe('Dieser Dateityp wird nicht unterstützt.');
    expect(fileProblemMessage(i18n.t, 'notAnImage')).toBe('Die Datei ist kein Bild. Bitte wählen Sie ein Foto im Format JPG oder PNG.');
  });
});

describe('files as the API takes them', () => {
  it('declares the type of the extension, whatever the browser called the file', async () => {
    const csv = new Blob(['a;b\n1;2\n'], { type: 'application/vnd.ms-excel' });
    expect(await readAsDataUrl(csv, 'csv')).toBe(`data:text/csv;base64,${btoa('a;b\n1;2\n')}`);
    expect(await readAsDataUrl(new Blob(['hi']), 'txt')).toBe(`data:text/plain;base64,${btoa('hi')}`);
  });

  it('counts KB with two decimals and offers the slot formats to the picker', () => {
    expect(toKilobytes(1536)).toBe(1.5);
    expect(toKilobytes(1000)).toBe(0.98);
    expect(pickerAccept(['jpg', 'jpeg', 'png'])).toBe('.jpg,image/jpeg,.jpeg,.png,image/png');
  });
});
