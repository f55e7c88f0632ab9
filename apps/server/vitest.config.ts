import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a server. */
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/** One project per database engine; the root config runs them beside the web and domain projects. */
export const serverProjects: TestProjectConfiguration[] = engines.map((engine) => ({
  test: {
    name: `server-${engine}`,
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    // The files of a project share their workers: each file builds its own app on its own database
    // (a copy of the migrated snapshot, or a scratch database), so nothing of one file reaches the
    // next, and the app's module graph is loaded once per worker instead of once per file (the run
    // took 355 s with a fresh worker per file, 196 s without, on PGlite).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
  },
}));

export default defineConfig({ test: { maxWorkers: 2, projects: serverProjects } });
