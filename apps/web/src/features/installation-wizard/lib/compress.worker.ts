import { compressToTarget } from './compress-to-target';
import { imageProblemOf, type ImageProblem } from './image-problem';

export type CompressRequest = { file: File; targetBytes: number };
export type CompressReply =
  | { type: 'progress'; percent: number }
  | { type: 'done'; blob: Blob }
  /** `isUnsupported`: this browser cannot decode images in a worker (Safari); the page does it instead. */
  | { type: 'error'; message: string; problem: ImageProblem; isUnsupported: boolean };

// The worker scope, typed by what is used (the project compiles against the DOM library).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage: (message: CompressReply) => void;
};

scope.onmessage = async ({ data: { file, targetBytes } }) => {
  try {
    const blob = await compressToTarget(file, { targetBytes, onProgress: (percent) => scope.postMessage({ type: 'progress', percent }) });
    scope.postMessage({ type: 'done', blob });
  } catch (error) {
    scope.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      problem: imageProblemOf(error),
      // The library falls back to `new Image()` where it does not trust createImageBitmap: not in workers.
      isUnsupported: error instanceof ReferenceError,
    });
  }
};
