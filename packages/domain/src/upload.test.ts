import { describe, expect, it } from 'vitest';
import { base64DecodedBytes, checkUpload, formatOf, missingRequiredSlots, parseDataUrl, sizeMb, validatedDataUrlParts } from './upload';

const MB = 1024 * 1024;

describe('checkUpload', () => {
  it('accepts photos in the photo slots and documents only in other', () => {
    expect(checkUpload('pvModules', { name: 'roof.JPG', size: MB, mimeType: 'image/jpeg' }, 0)).toBeNull();
    expect(checkUpload('telematics-mcu', { name: 'box.png', size: MB, mimeType: 'image/png' }, 0)).toBeNull();
    expect(checkUpload('pvModules', { name: 'report.pdf', size: MB, mimeType: 'application/pdf' }, 0)).toBe('invalidFileType');
    expect(checkUpload('other', { name: 'report.pdf', size: MB, mimeType: 'application/pdf' }, 0)).toBeNull();
    expect(checkUpload('other', { name: 'list.csv', size: MB, mimeType: 'text/csv' }, 0)).toBeNull();
    expect(checkUpload('other', { name: 'drawing.svg', size: MB, mimeType: 'image/svg+xml' }, 0)).toBe('invalidFileType');
  });
  it('refuses a file without type, or whose type does not fit its name', () => {
    expect(checkUpload('other', { name: 'notes.txt', size: 10, mimeType: '' }, 0)).toBe('invalidFileType');
    expect(checkUpload('pvModules', { name: 'roof.jpg', size: 10, mimeType: 'text/html' }, 0)).toBe('invalidFileType');
    expect(checkUpload('pvModules', { name: 'roof', size: 10 }, 0)).toBe('invalidFileType');
  });
  it('refuses files over 25 MB, empty files and an 11th file', () => {
    expect(checkUpload('other', { name: 'a.pdf', size: 25 * MB, mimeType: 'application/pdf' }, 0)).toBeNull();
    expect(checkUpload('other', { name: 'a.pdf', size: 25 * MB + 1, mimeType: 'application/pdf' }, 0)).toBe('invalidFileSize');
    expect(checkUpload('other', { name: 'a.pdf', size: 0, mimeType: 'application/pdf' }, 0)).toBe('emptyFile');
    expect(checkUpload('other', { name: 'a.pdf', size: 10, mimeType: 'application/pdf' }, 9)).toBeNull();
    expect(checkUpload('other', { name: 'a.pdf', size: 10, mimeType: 'application/pdf' }, 10)).toBe('maxFiles');
  });
});

describe('helpers', () => {
  it('gives sizes in MB as KB/1024', () => {
    expect(sizeMb(512)).toBe(0.5);
    expect(sizeMb(1536)).toBe(1.5);
  });
  it('reads the format from the name', () => {
    expect(formatOf('Photo.JPEG')).toBe('jpeg');
    expect(formatOf('noext')).toBeNull();
  });
  it('names the required slots without a file', () => {
    expect(missingRequiredSlots([{ type: 'other' }, { type: 'pvModules' }])).toEqual(['telematics-mcu']);
    expect(missingRequiredSlots([{ type: 'pvModules' }, { type: 'telematics-mcu' }])).toEqual([]);
  });
  it('parses data URLs and computes the decoded size', () => {
    expect(parseDataUrl('data:image/png;base64,AAAA')).toEqual({ mediaType: 'image/png', base64: 'AAAA' });
    expect(parseDataUrl('javascript:alert(1)')).toBeNull();
    expect(validatedDataUrlParts('data:Image/PNG;charset=x;base64,AAAA')).toEqual({ mediaType: 'image/png', base64: 'AAAA' });
    expect(validatedDataUrlParts('data:;base64,')).toEqual({ mediaType: '', base64: '' });
    expect(base64DecodedBytes('aGVsbG8=')).toBe(5);
    expect(base64DecodedBytes('aGVsbA==')).toBe(4);
  });
});
