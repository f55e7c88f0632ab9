import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  mails: client.Counter<'result'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Request durations held back at most, before they go to the histogram together. */
const DURATION_BATCH = 256;

type DurationLabels = 'method' | 'route' | 'status_code';

/**
 * Hands request durations to the histogram in batches: at most `DURATION_BATCH` requests, and all of
 * them before each scrape. One observation at a time, between the rest of a request's work, cost
 * the server about a tenth of its requests per second on a hot read; a batch runs as one tight loop.
 */
class DurationBatches {
  private readonly labels: Record<DurationLabels, string>[] = [];
  private readonly seconds: number[] = [];
  constructor(private readonly histogram: client.Histogram<DurationLabels>) {}

  add(method: string, route: string, status: string, seconds: number) {
    this.labels.push({ method, route, status_code: status });
    this.seconds.push(seconds);
    if (this.seconds.length >= DURATION_BATCH) this.flush();
  }

  flush() {
    for (let i = 0; i < this.seconds.length; i++) this.histogram.observe(this.labels[i]!, this.seconds[i]!);
    this.labels.length = 0;
    this.seconds.length = 0;
  }
}

/** Sign-in answers that refuse the person (wrong code, lockout, rate limit), counted by route and status. */
const SIGN_IN_ROUTES = /^\/api\/auth\/(sign-in\/|email\/send|magic-link\/verify)/;

/**
 * Prometheus metrics of one app: process metrics, request durations by route, open check event
 * streams, mails sent and failed, sign-in refusals. A registry per app, so several apps in one
 * process (tests) don't share counters. Served by `startMetricsServer` on a port of its own.
 */
export const metricsPlugin = fp(async (app) => {
  const registry = new client.Registry();
  const durations = new DurationBatches(
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
      // A scrape sees every request answered before it.
      collect() {
        durations.flush();
      },
    }),
  );
  const signInRefusals = new client.Counter({
    name: 'portal_sign_in_refusals_total',
    help: 'Sign-in requests refused (wrong or expired code, lockout, rate limit), by route and status',
    labelNames: ['route', 'status_code'] as const,
    registers: [registry],
  });
  const mails = new client.Counter({
    name: 'portal_mails_total',
    help: 'Mails handed to the mail server or the outbox, by result (sent or failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'portal_check_event_streams',
    help: 'Digital check event streams open on this process',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('checkStreams') ? app.checkStreams.count() : 0);
    },
  });

  app.decorate('metrics', { registry, mails });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, not the URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    durations.add(request.method, route, status, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400 && reply.statusCode < 500 && SIGN_IN_ROUTES.test(route)) signInRefusals.inc({ route, status_code: status });
    done();
  });
});

/** Serves GET /metrics of an app's registry on its own port, away from the public API. */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<http.Server & { port: number }> {
  // Process metrics (CPU, memory, event loop lag, GC) only where they are served: they watch the process.
  client.collectDefaultMetrics({ register: metrics.registry });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text))
      .catch(() => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}
