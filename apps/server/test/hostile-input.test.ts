import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { runAdminCommand } from '../src/admin/commands';
import { bearer, dataSnapshot, DEVICE_KEY, draftInstallation, ORIGIN, type TestContext, useTestApp } from './helper';

const ctx = useTestApp();

const snapshot = (c: TestContext) => dataSnapshot(c);

async function setup() {
  const c = await ctx();
  const { id } = await draftInstallation(c, 'SN-DEMO-0002', 'hostile@example.com');
  const h = bearer(await c.tokenFor('hostile@example.com', [{ fleet: 'sono', role: 'admin' }]));
  // An operator too: the operator routes refuse everyone else before they read any input.
  await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'operator-add', email: 'hostile@example.com' });
  const headers = { ...h, ...ORIGIN, 'x-api-key': DEVICE_KEY };
  const routes = c.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
  const values: Record<string, string> = { id: String(id), slug: 'sono', serialNumber: 'SN-DEMO-0002', provider: 'google' };
  const fill = (url: string, bad?: { name: string; value: string }) =>
    url.replace(/:(\w+)/g, (_, name: string) => (bad?.name === name ? bad.value : (values[name] ?? '1')));
  return { c, id, h, headers, routes, fill };
}

function expectRefusal(res: { statusCode: number; body: string; json(): unknown }, label: string, status = 400, code = 'VALIDATION_ERROR') {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(ErrorEnvelopeSchema.parse(res.json()), label).toMatchObject({ status, code });
}

describe('NUL characters and lone surrogates', () => {
  it('are refused with 400 VALIDATION_ERROR in the body of every route, naming the field, and nothing is stored', async () => {
    const { c, headers, routes, fill } = await setup();
    const bodies = [
      ['NUL', '{"name":"Evil\\u0000Corp","email":"nul@example.com","version":0,"systemSerialNumber":"SN-DEMO-0003","startDate":"2026-11-20"}'],
      ['high surrogate', '{"name":"Evil\\ud800Corp","email":"hs@example.com","version":0,"systemSerialNumber":"SN-DEMO-0003","startDate":"2026-11-20"}'],
      ['low surrogate', '{"name":"\\udc00","email":"ls@example.com","version":0,"systemSerialNumber":"SN-DEMO-0003","startDate":"2026-11-20"}'],
    ] as const;
    const writes = routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(15);
    const before = await snapshot(c);
    for (const route of writes) {
      for (const [what, payload] of bodies) {
        const res = await c.app.inject({ method: route.method as 'POST', url: fill(route.url), headers: { ...headers, 'content-type': 'application/json' }, payload });
        expectRefusal(res, `${what} in the body of ${route.method} ${route.url}`);
        expect((res.json() as { details: { path: string }[] }).details[0]!.path).toBe('body.name');
      }
    }
    // An array body (heartbeats, uploads) and an object key are checked as deeply.
    const nested = await c.app.inject({
      method: 'POST',
      url: '/api/devices/heartbeats',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '[{"type":"telematics-heartbeat","imei":"356938035643801","timestamp":"2026-11-20T10:00:00Z","x":{"k\\u0000":1}}]',
    });
    expectRefusal(nested, 'a NUL in an object key');
    expect(nested.json().details[0].path).toBe('body.0.x.k\u0000');
    expect(await snapshot(c)).toBe(before);
  });

  it('are refused in every path parameter of every route', async () => {
    const { c, headers, routes, fill } = await setup();
    const withParams = routes.filter((r) => r.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(15);
    const before = await snapshot(c);
    for (const route of withParams) {
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        const url = fill(route.url, { name: name!, value: 'SN-DEMO-0001%00' });
        const res = await c.app.inject({ method: route.method as 'GET', url, headers: { ...headers, 'content-type': 'application/json' }, payload: route.method === 'GET' ? undefined : '{}' });
        expectRefusal(res, `NUL in :${name} of ${route.method} ${route.url}`);
        expect(res.json().details[0].path).toBe(`params.${name}`);
        // A lone surrogate can only travel in a URL as escapes that are not UTF-8.
        const broken = await c.app.inject({ method: route.method as 'GET', url: fill(route.url, { name: name!, value: 'x%ED%A0%80' }), headers });
        expectRefusal(broken, `a lone surrogate in :${name} of ${route.method} ${route.url}`);
      }
    }
    expect(await snapshot(c)).toBe(before);
  });

  it('are refused in the query string of every route', async () => {
    const { c, headers, routes, fill } = await setup();
    for (const route of routes) {
      for (const query of ['?fleet=sono&q=a%00b', '?fleet=so%ED%A0%80no']) {
        const res = await c.app.inject({ method: route.method as 'GET', url: fill(route.url) + query, headers });
        expectRefusal(res, `${query} on ${route.method} ${route.url}`);
      }
    }
    const list = await c.app.inject({ url: '/api/installations?fleet=sono&q=a%00b', headers });
    expect(list.json().details).toEqual([{ path: 'querystring.q', message: 'invalidCharacters' }]);
  });

  it('emoji and other characters outside the basic plane are still welcome', async () => {
    const { c, id, headers } = await setup();
    const { version } = (await c.app.inject({ url: `/api/installations/${id}`, headers })).json();
    const res = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers, payload: { version, name: 'Bus 🚌 Ost' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Bus 🚌 Ost');
  });
});

describe('deeply nested JSON', () => {
  const deep = (open: string, close: string, n: number, inner = '1') => open.repeat(n) + inner + close.repeat(n);

  it('answers 400 before it is parsed, on every kind of route, and stores nothing', async () => {
    const { c, id, headers } = await setup();
    const before = await snapshot(c);
    const targets = [
      ['POST', '/api/partners'],
      ['PUT', `/api/installations/${id}`],
      ['PUT', `/api/installations/${id}/setup`],
      ['POST', `/api/installations/${id}/uploads`],
      ['POST', '/api/devices/heartbeats'],
      ['POST', '/api/auth/email/send'],
      ['POST', '/api/auth/sign-in/email-otp'],
    ] as const;
    for (const [method, url] of targets) {
      // Under the smallest body limit (heartbeats, 256 KB), so the depth rule is what refuses them.
      for (const payload of [deep('[', ']', 100_000), deep('{"a":', '}', 30_000), `{"name":${deep('[', ']', 33)}}`]) {
        const res = await c.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
        expectRefusal(res, `${payload.length} bytes of nesting on ${method} ${url}`);
        expect(res.json().message).toMatch(/at most 32 levels/);
      }
    }
    expect(await snapshot(c)).toBe(before);
  });

  it('lets ordinary nesting through, and counts no brackets inside strings', async () => {
    const { c, id, headers } = await setup();
    const withinLimit = await c.app.inject({ method: 'POST', url: '/api/partners', headers: { ...headers, 'content-type': 'application/json' }, payload: `{"name":${deep('[', ']', 31)}}` });
    expect(withinLimit.statusCode).toBe(400);
    expect(withinLimit.json().message).not.toMatch(/levels/);
    const { version } = (await c.app.inject({ url: `/api/installations/${id}`, headers })).json();
    const name = '['.repeat(100) + '{"a":';
    const res = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers, payload: { version, name } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe(name);
  });
});

describe('router refusals answer the envelope', () => {
  it('an over-long path parameter answers 414 on several routes', async () => {
    const { c, headers } = await setup();
    const long = 'A'.repeat(101);
    for (const [method, url] of [
      ['GET', `/api/installations/${long}`],
      ['DELETE', `/api/partners/${long}`],
      ['GET', `/api/systems/${long}`],
      ['GET', `/api/mapbox/locations/${long}`],
      ['PUT', `/api/chargecontrollers/${long}`],
    ] as const) {
      const res = await c.app.inject({ method, url, headers });
      expectRefusal(res, `${method} ${url.slice(0, 40)}`, 414, 'URI_TOO_LONG');
    }
    expect((await c.app.inject({ url: `/api/systems/${'A'.repeat(100)}`, headers })).statusCode).not.toBe(414);
  });

  it('an unknown route answers 404, also for other methods and deeper paths', async () => {
    const { c, headers } = await setup();
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/installations/1/nothing'],
      ['DELETE', '/api/partners/1/2/3'],
    ] as const) {
      const res = await c.app.inject({ method, url, headers });
      expectRefusal(res, `${method} ${url}`, 404, 'NOT_FOUND');
    }
  });

  it('a known path with the wrong method answers 405 and names the allowed methods', async () => {
    const { c, id, headers } = await setup();
    const cases = [
      ['PATCH', `/api/installations/${id}`, ['GET', 'PUT', 'DELETE']],
      ['DELETE', '/api/partners', ['GET', 'POST']],
      ['PUT', `/api/installations/${id}/submit`, ['POST']],
      ['GET', '/api/devices/heartbeats', ['POST']],
      ['POST', '/api/health', ['GET']],
    ] as const;
    for (const [method, url, allowed] of cases) {
      const res = await c.app.inject({ method, url, headers });
      expectRefusal(res, `${method} ${url}`, 405, 'METHOD_NOT_ALLOWED');
      const allow = String(res.headers.allow).split(', ');
      for (const m of allowed) expect(allow, `${method} ${url}`).toContain(m);
      expect(allow).not.toContain(method);
    }
  });
});

/** Sends raw bytes to the server and reads its whole answer (it closes the connection after a refusal). */
function rawRequest(port: number, text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.end(text);
  });
}

describe('protocol refusals answer the envelope', () => {
  it('an address over 16 KB (431), a malformed request line or chunk, and Content-Length beside Transfer-Encoding (400)', async () => {
    const { c } = await setup();
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = c.app.server.address() as net.AddressInfo;
    const cases = [
      [`GET /api/health?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
      ['BREW /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', 400, 'BAD_REQUEST'],
      ['GET /api/health HTTP/1.1 extra\r\nHost: localhost\r\n\r\n', 400, 'BAD_REQUEST'],
      ['POST /api/health HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nhello\r\n0\r\n\r\n', 400, 'BAD_REQUEST'],
      ['POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'BAD_REQUEST'],
    ] as const;
    for (const [text, status, code] of cases) {
      const res = await rawRequest(port, text);
      const label = text.slice(0, 40);
      expect(res.status, label).toBe(status);
      expect(ErrorEnvelopeSchema.parse(JSON.parse(res.body)), label).toMatchObject({ status, code });
    }
    // The server goes on serving.
    expect((await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});
