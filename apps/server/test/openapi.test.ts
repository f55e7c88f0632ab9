import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { bearer, ORIGIN, readyToSubmit, signInWithCode, useTestApp } from './helper';

const ctx = useTestApp();
const REPO = path.resolve(import.meta.dirname, '../../..');
const METHODS = ['get', 'put', 'post', 'delete'] as const;

async function servedDocument() {
  const c = await ctx();
  const res = await c.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as OpenAPIV3.Document;
}

describe('the OpenAPI document', () => {
  it('passes the recommended rules of @redocly/cli lint with no error', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(await servedDocument()));
    const lint = spawnSync(path.join(REPO, 'node_modules/.bin/redocly'), ['lint', '--extends=recommended', '--format=json', '--max-problems=500', file], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(lint.stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    // What remains are warnings that describe the portal as it is: a local test server, a health check without 4xx.
    expect(new Set(report.problems.map((p) => p.ruleId))).toEqual(new Set(['no-server-example.com', 'operation-4xx-response', 'no-illogical-composition-keywords']));
  });

  it('gives every operation an operationId, a summary and the error envelope; public routes need no token', async () => {
    const doc = await servedDocument();
    const ids = new Set<string>();
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        expect(op.operationId, `${method} ${p}`).toBeTruthy();
        expect(ids.has(op.operationId!), `unique ${op.operationId}`).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary, `${method} ${p}`).toBeTruthy();
        expect(op.responses['503'], `${method} ${p} 503`).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });
      }
    }
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    expect(doc.paths['/api/auth/email/send']!.post!.security).toEqual([]);
    expect(doc.paths['/api/auth/sign-in/email-otp']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/installations/{id}']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/installations/{id}']!.get!.responses).toHaveProperty(['401']);
    expect(doc.paths['/api/installations/{id}']!.put!.responses).toHaveProperty(['409']);
  });

  it('matches what the server does: each operation called once, its status documented and its answer valid', async () => {
    const c = await ctx();
    const doc = await servedDocument();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0004', 'contract@example.com');
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'grant', email: 'contract@example.com', fleet: 'sono', role: 'admin' });
    const company = bearer((await signInWithCode(c, 'contract-company@example.com')).token);
    const detail = (await c.app.inject({ url: `/api/installations/${id}`, headers: h })).json() as {
      vehicleId: number;
      system: { serialNumber: string; chargeControllers: { serialNumber: string }[] };
    };
    const uploads = (await c.app.inject({ url: `/api/installations/${id}/uploads`, headers: h })).json() as { id: number }[];
    const me = (await c.app.inject({ url: '/api/me', headers: h })).json() as { id: string };
    const partner = await c.app.inject({ method: 'POST', url: '/api/partners', headers: company, payload: { name: 'Contract GmbH', email: 'contract-partner@example.com' } });
    expect(partner.statusCode).toBe(201);

    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const params: Record<string, string> = {
      id: String(id),
      uploadId: String(uploads[0]!.id),
      userId: me.id,
      fleet: 'sono',
      slug: 'sono',
      query: 'Berlin',
      provider: 'google',
    };
    const valueOf = (pathName: string, name: string) => {
      if (name === 'serialNumber') return pathName.startsWith('/api/chargecontrollers') ? detail.system.chargeControllers[0]!.serialNumber : detail.system.serialNumber;
      if (name === 'id' && pathName.startsWith('/api/vehicles')) return String(detail.vehicleId);
      if (name === 'id' && pathName.startsWith('/api/partners')) return String((partner.json() as { id: number }).id);
      return params[name] ?? '1';
    };

    const operations = Object.entries(doc.paths).flatMap(([p, item]) => METHODS.filter((m) => item?.[m]).map((m) => ({ path: p, method: m, op: item![m]! })));
    // Reads first, then writes, deletes last: each answers about the data as the reads left it.
    const rank = { get: 0, put: 1, post: 1, delete: 2 } as const;
    operations.sort((a, b) => rank[a.method] - rank[b.method]);
    const problems: string[] = [];
    let checked = 0;
    for (const { path: p, method, op } of operations) {
      if (p.endsWith('/events')) continue; // a stream never ends; its errors are covered by the check tests
      const url = p.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(valueOf(p, name))) + (p === '/api/installations' && method === 'get' ? '?fleet=sono' : '');
      const headers = { ...(p.startsWith('/api/partners') ? company : h), ...ORIGIN };
      const res = await c.app.inject({ method: method.toUpperCase() as 'GET', url, headers, ...(method === 'get' ? {} : { payload: {} }) });
      checked++;
      const documented = op.responses[String(res.statusCode)] as OpenAPIV3.ResponseObject | undefined;
      if (!documented) {
        problems.push(`${method.toUpperCase()} ${p}: ${res.statusCode} is not documented (${res.body.slice(0, 120)})`);
        continue;
      }
      const schema = documented.content?.['application/json']?.schema;
      if (!schema || !String(res.headers['content-type'] ?? '').startsWith('application/json')) continue;
      const validate = ajv.compile({ ...schema, components: doc.components });
      if (!validate(res.json())) problems.push(`${method.toUpperCase()} ${p} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
