import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

/** A code printed on a label: bwip-js symbology and text. */
export type LabelCode = { bcid: 'code128' | 'code39' | 'datamatrix'; text: string };

const WIDTH = 1280;
const HEIGHT = 720;

async function render({ bcid, text }: LabelCode): Promise<PNG> {
  const is2d = bcid === 'datamatrix';
  const png = await bwipjs.toBuffer({ bcid, text, scale: is2d ? 6 : 2, height: 14, includetext: false, paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF' });
  return PNG.sync.read(png);
}

/**
 * A camera picture for Chromium's fake capture device: the codes side by side on white, as one
 * Y4M frame (4:2:0, full range). Returns the file's path.
 */
export async function fakeCameraFile(codes: LabelCode[]): Promise<string> {
  const images = await Promise.all(codes.map(render));
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const gap = 24;
  const total = images.reduce((sum, image) => sum + image.width, 0) + gap * (images.length - 1);
  if (total > WIDTH) throw new Error(`codes too wide for the picture: ${total}px`);
  let left = Math.floor((WIDTH - total) / 2);
  for (const image of images) {
    if (image.height > HEIGHT) throw new Error(`code too high for the picture: ${image.height}px`);
    const top = Math.floor((HEIGHT - image.height) / 2);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const i = (y * image.width + x) * 4;
        const alpha = image.data[i + 3]! / 255;
        const gray = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
        luma[(top + y) * WIDTH + left + x] = Math.round(gray * alpha + 255 * (1 - alpha));
      }
    }
    left += image.width + gap;
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fake-camera-')), 'label.y4m');
  fs.writeFileSync(file, Buffer.concat([header, frame, frame]));
  return file;
}
