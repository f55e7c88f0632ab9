import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.config.ts';
import { webProjects } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    // Two cores: keep the pool small so PGlite instances and Chromium do not starve each other.
    maxWorkers: 2,
    projects: [
      'packages/domain/vitest.config.ts',
      ...webProjects,
      ...serverProjects,
      // The project's own tooling: lint boundaries and scripts.
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
    ],
  },
});
