import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rules that report `code` as if it were the file at `file` (relative to the repository). */
async function reported(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

describe('import boundaries (eslint.config.js)', () => {
  it('keeps a feature out of another feature', async () => {
    const rules = await reported('apps/web/src/features/partners/components/probe.ts', "export { useAuthStore } from '@/features/auth/stores/auth-store';\n");
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('sees the same import written as a relative path', async () => {
    const rules = await reported('apps/web/src/features/partners/components/probe.ts', "export { useAuthStore } from '../../auth/stores/auth-store';\n");
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature use its own parts, lib/ and components/', async () => {
    const rules = await reported(
      'apps/web/src/features/auth/components/probe.ts',
      "export { useAuthStore } from '../stores/auth-store';\nexport { isApiError } from '@/lib/api-error';\n",
    );
    expect(rules).toEqual([]);
  });

  it('keeps lib/ free of features and app/', async () => {
    expect(await reported('apps/web/src/lib/probe.ts', "export { useAuthStore } from '@/features/auth/stores/auth-store';\n")).toContain('import-x/no-restricted-paths');
    expect(await reported('apps/web/src/lib/probe.ts', "export { AppRoutes } from '@/app/router';\n")).toContain('import-x/no-restricted-paths');
  });

  it('keeps features from importing app/', async () => {
    expect(await reported('apps/web/src/features/auth/lib/probe.ts', "export { AppRoutes } from '@/app/router';\n")).toContain('import-x/no-restricted-paths');
  });

  it('keeps the schema and SQL out of routes', async () => {
    const rules = await reported(
      'apps/server/src/routes/api/me/probe.ts',
      "import { eq } from 'drizzle-orm';\nimport { company } from '../../../db/schema';\nexport const q = eq(company.id, 1);\n",
    );
    expect(rules).toEqual(expect.arrayContaining(['import-x/no-restricted-paths', 'no-restricted-imports']));
  });

  it('keeps plugins and Fastify types out of services', async () => {
    const rules = await reported(
      'apps/server/src/services/probe.ts',
      "import type { FastifyRequest } from 'fastify';\nimport { currentUser } from '../plugins/request-auth';\nexport const f = (r: FastifyRequest) => currentUser(r);\n",
    );
    expect(rules).toEqual(expect.arrayContaining(['import-x/no-restricted-paths', 'no-restricted-imports']));
  });

  it('keeps the web app and the server apart', async () => {
    expect(await reported('apps/web/src/lib/probe.ts', "export { AppError } from '../../../server/src/errors';\n")).toContain('import-x/no-restricted-paths');
    expect(await reported('apps/server/src/services/probe.ts', "export { isApiError } from '../../../web/src/lib/api-error';\n")).toContain('import-x/no-restricted-paths');
  });
});
