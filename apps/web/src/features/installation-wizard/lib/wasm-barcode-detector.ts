import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import type { ScanFormat } from '@portal/domain/scan';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The polyfill would fetch its .wasm from a CDN: the build ships it, and it comes from this origin.
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

/** The Barcode Detection API on ZXing compiled to WebAssembly, for browsers without their own. */
export function createWasmBarcodeDetector(formats: readonly ScanFormat[]) {
  return new BarcodeDetector({ formats: [...formats] });
}
