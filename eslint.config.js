import js from '@eslint/js';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const server = 'apps/server/src';
const features = readdirSync(new URL(`./${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Where each kind of code may reach (checked on resolved files, so `@/…` and `../…` imports alike):
 * a feature keeps to itself, lib/ and components/ know no feature and no app/, features know no app/,
 * routes leave the schema to services, services know nothing of plugins, and web and server never meet.
 */
const boundaries = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature does not reach into another feature: move what both need to lib/ or components/, or pass it in from the route.',
  })),
  { target: [`${web}/lib`, `${web}/components`], from: [`${web}/features`, `${web}/app`], message: 'lib/ and components/ import no feature and no app/.' },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import app/: the app composes features, not the other way round.' },
  { target: `${server}/routes`, from: `${server}/db/schema.ts`, message: 'Routes call services; the schema and SQL live in services.' },
  { target: `${server}/services`, from: `${server}/plugins`, message: 'Services know nothing of plugins: pass in what they need.' },
  { target: 'apps/web', from: 'apps/server', message: 'The web app and the server share code only through packages/domain.' },
  // The one exception: the texts (apps/web/src/locales), which the server's reports and mails print too.
  { target: 'apps/server', from: 'apps/web', except: ['./src/locales'], message: 'The web app and the server share code only through packages/domain.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    // Tests arrange whatever state they need; the boundaries hold for the code they test.
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/server/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: [`${server}/routes/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'drizzle-orm', message: 'Routes do not build SQL: ask a service.' }] }],
    },
  },
  {
    // Services form layers, not circles: a circle means two modules that want to be one, or a third.
    files: [`${server}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${server}/services/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'fastify', message: 'Services take plain values, not Fastify requests or replies.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    ignores: ['packages/domain/**/*.test.ts', 'packages/domain/vitest.config.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'packages/domain imports zod only: no I/O, no React, no Fastify' }] }],
    },
  },
  {
    // The shared test data (src/testing) takes its types from the domain beside it, and nothing else.
    files: ['packages/domain/src/testing/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./|\\.\\./(?!\\.\\./)).*', message: 'packages/domain imports zod only: no I/O, no React, no Fastify' }] }],
    },
  },
);
