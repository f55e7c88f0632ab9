import { defineConfig, defineProject, mergeConfig, type TestProjectConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The files that replace a module with `vi.mock`. A mock applies only where the module is not loaded yet,
 * so these run with a fresh module graph each.
 */
const MOCKING = [
  'src/features/installation-wizard/components/upload-queue-sync.test.tsx',
  'src/features/installation-wizard/steps/uploads-step.test.tsx',
  'src/features/installation-wizard/steps/checks-not-loaded.test.tsx',
  'src/features/installation-wizard/lib/compress-to-target.test.ts',
];

const project = (name: string, test: { include: string[]; exclude?: string[]; isolate: boolean }) =>
  mergeConfig(
    viteConfig,
    defineProject({
      root: import.meta.dirname,
      test: { name, environment: 'happy-dom', setupFiles: ['src/test/setup.ts'], restoreMocks: true, ...test },
    }),
  ) as TestProjectConfiguration;

/**
 * Every other file shares its worker with the files before it: the setup file puts back what a test
 * leaves behind (the DOM, storage, toasts, the language, the error and auth stores), and each file
 * starts its own app. Loading React, Mantine and the app once per worker instead of once per file took
 * the project from about 200 s to about 45 s.
 */
export const webProjects: TestProjectConfiguration[] = [
  project('web', { include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING, isolate: false }),
  project('web-mocks', { include: MOCKING, isolate: true }),
];

export default defineConfig({ test: { projects: webProjects } });
