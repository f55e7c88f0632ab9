import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, defineProject, mergeConfig, type TestProjectConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

const TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx'];

/**
 * The files that replace a module with `vi.mock`. A mock applies only where the module is not loaded yet,
 * so these run with a fresh module graph each.
 */
const MOCKING = globSync(TESTS, { cwd: import.meta.dirname }).filter((file) =>
  readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock('),
);

const project = (name: string, test: { include: string[]; exclude?: string[]; isolate: boolean }) =>
  mergeConfig(
    viteConfig,
    defineProject({
      root: import.meta.dirname,
      test: { name, environment: 'happy-dom', setupFiles: ['src/test/setup.ts'], restoreMocks: true, ...test },
    }),
  ) as TestProjectConfiguration;

/**
 * Every other file shares its worker with the files before it: the setup file loads the app's own
 * modules afresh for each file and puts back what a test leaves in the packages and globals (the DOM,
 * storage, toasts, the language). Loading React and Mantine once per worker instead of once per file
 * took the project from about 200 s to about 45 s.
 */
export const webProjects: TestProjectConfiguration[] = [
  project('web', { include: TESTS, exclude: MOCKING, isolate: false }),
  project('web-mocks', { include: MOCKING, isolate: true }),
];

export default defineConfig({ test: { projects: webProjects } });
