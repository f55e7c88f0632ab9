import { parentPort } from 'node:worker_threads';
import { renderReportPdf, type ReportInput } from './report-pdf';

/** One report to build. A photo comes as its preview, or (for one stored before previews existed) as the original, previewed here. */
export type ReportTask = Omit<ReportInput, 'photos'> & {
  photos: { type: string; name: string; preview: Uint8Array | null; original: Uint8Array | null }[];
};
export type ReportReply = { type: 'ready' } | { type: 'done'; pdf: Uint8Array } | { type: 'failed'; message: string };

const port = parentPort!;

port.on('message', async (task: ReportTask) => {
  try {
    const photos: ReportInput['photos'] = [];
    for (const p of task.photos) {
      // Only a photo stored before previews existed needs the image library: loaded then, not at start.
      const source = p.preview ?? (p.original ? await import('../uploads/image-preview').then(({ makePreview }) => makePreview(p.original!)).catch(() => null) : null);
      photos.push({ type: p.type, name: p.name, preview: source ? Buffer.from(source.buffer, source.byteOffset, source.byteLength) : null });
    }
    const built = await renderReportPdf({ ...task, photos });
    // Handed over, not copied: the reply owns its memory whole.
    const pdf = built.byteOffset === 0 && built.byteLength === built.buffer.byteLength ? built : Uint8Array.prototype.slice.call(built);
    port.postMessage({ type: 'done', pdf } satisfies ReportReply, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ReportReply);
  }
});
port.postMessage({ type: 'ready' } satisfies ReportReply);
