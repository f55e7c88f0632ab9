import { UPLOAD_COMPRESSION_TARGET_MB } from '@portal/domain/constants';

/** SPEC §9: a photo is sent with at most 0.5 MB (MB as the portal shows sizes: KB / 1024). */
export const COMPRESSION_TARGET_BYTES = UPLOAD_COMPRESSION_TARGET_MB * 1024 * 1024;

export type CompressProgress = (percent: number) => void;

/** The image failures of SPEC §8, plus an image the browser cannot decode. */
export type ImageProblem = 'compressedUndefined' | 'notBlobOrFile' | 'notAnImage' | 'unreadable';

export class ImageCompressionError extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem, message: string) {
    super(message);
    this.name = 'ImageCompressionError';
    this.problem = problem;
  }
}

/** What a failure of the compressor means for the installer. */
export function imageProblemOf(error: unknown): ImageProblem {
  if (error instanceof ImageCompressionError) return error.problem;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (/compressed file is undefined/i.test(message)) return 'compressedUndefined';
  if (/not an instance of Blob or File/i.test(message)) return 'notBlobOrFile';
  if (/not an image/i.test(message)) return 'notAnImage';
  return 'unreadable';
}
