// After the build: brotli and gzip copies of every text asset, served as they are by the server.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
let count = 0;
for (const file of fs.readdirSync(dist, { recursive: true })) {
  const full = path.join(dist, String(file));
  if (!/\.(js|css|html|svg|json|txt)$/.test(full) || fs.statSync(full).size < 1024) continue;
  const data = fs.readFileSync(full);
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files (br, gz)`);
