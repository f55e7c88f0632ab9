import type { ScanFormat } from '@portal/domain/scan';

/** Reads the codes in the current picture of a camera. */
export type BarcodeReader = { detect(source: HTMLVideoElement): Promise<string[]> };

type NativeDetector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector where it reads every format the field needs; otherwise the
 * WebAssembly reader, loaded only now (it is served from this origin, never from a CDN).
 */
export async function createBarcodeReader(formats: readonly ScanFormat[]): Promise<BarcodeReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  const supported = Native ? await Native.getSupportedFormats().catch(() => [] as string[]) : [];
  const detector: NativeDetector =
    Native && formats.every((f) => supported.includes(f))
      ? new Native({ formats: [...formats] })
      : (await import('./wasm-barcode-detector')).createWasmBarcodeDetector(formats);
  return { detect: async (source) => (await detector.detect(source)).map((code) => code.rawValue) };
}
