import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { mantineStyles } from '../../mantine-styles.ts';

const require = createRequire(import.meta.url);
const plugin = mantineStyles();
const transform = (id: string) => {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({}, 'export default {};', id)?.code ?? null;
};
const stylesheetOf = (id: string) => /import '([^']+)';/.exec(transform(id) ?? '')?.[1] ?? null;

describe('the styles of Mantine’s add-on packages follow their components', () => {
  it('gives the components of dates, dropzone and notifications their package’s stylesheet, wherever the class map sits', () => {
    expect(stylesheetOf('/app/node_modules/@mantine/dates/esm/components/Day/Day.module.mjs')).toBe('@mantine/dates/styles.css');
    expect(stylesheetOf('/app/node_modules/@mantine/dropzone/esm/Dropzone.module.mjs')).toBe('@mantine/dropzone/styles.css');
    expect(stylesheetOf('/app/node_modules/@mantine/notifications/esm/Notifications.module.mjs')).toBe('@mantine/notifications/styles.css');
  });

  it('leaves everything else alone', () => {
    expect(transform('/app/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
    expect(transform('/app/src/app/layouts/app-frame.module.css')).toBeNull();
    // The core stylesheet loads whole with the app.
    expect(transform('/app/node_modules/@mantine/core/esm/components/Button/Button.module.mjs')).toBeNull();
  });

  it('names a stylesheet that exists for every class map the installed packages have', () => {
    const packages = ['dates', 'dropzone', 'notifications'];
    let maps = 0;
    for (const pkg of packages) {
      const esm = path.join(path.dirname(require.resolve(`@mantine/${pkg}`)), '..', 'esm');
      for (const file of fs.readdirSync(esm, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.module.mjs'))) {
        const stylesheet = stylesheetOf(path.join(esm, file));
        expect(stylesheet, file).not.toBeNull();
        expect(fs.existsSync(require.resolve(stylesheet!)), stylesheet!).toBe(true);
        maps += 1;
      }
    }
    expect(maps).toBeGreaterThan(20);
  });
});
