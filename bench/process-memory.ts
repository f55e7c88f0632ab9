// A production process's memory and start: the compiled server as the README starts it, on a fresh
// PostgreSQL database. Time from spawn to /api/health/ready answering 200, resident set size at rest
// (5 s after ready), after 10,000 signed-in reads (installation detail, list and /api/me in turn), and at
// rest again.
import fs from 'node:fs';
import { autocannon, buildServer, signedInUser, startPortal } from './processes';

const REQUESTS = 10_000;
const settle = () => new Promise((r) => setTimeout(r, 5000));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export async function benchProcessMemory() {
  buildServer();
  const server = await startPortal({ DEMO: 'false', LOG_LEVEL: 'info' }, { compiled: true });
  try {
    const h = signedInUser(server, 'memory@example.com', 'sono', 'installer');
    const created = await fetch(`${server.base}/api/installations`, {
      method: 'POST',
      headers: { ...h, 'content-type': 'application/json' },
      body: JSON.stringify({ systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Memory' }),
    });
    const { id } = (await created.json()) as { id: number };
    await settle();
    const atRest = rssMb(server.pid);
    const urls = [`/api/installations/${id}`, '/api/installations?fleet=sono', '/api/me'];
    let done = 0;
    for (const url of urls) {
      const result = await autocannon(`${server.base}${url}`, { connections: 10, amount: Math.ceil(REQUESTS / urls.length), headers: h });
      done += Math.ceil(REQUESTS / urls.length) - result.non2xx - result.errors;
    }
    const afterLoad = rssMb(server.pid);
    await settle();
    const restAgain = rssMb(server.pid);
    return {
      title: 'Production process: start and memory (compiled server, node --max-semi-space-size=4, PostgreSQL)',
      rows: [
        { measure: 'time from spawn to /api/health/ready', value: `${(server.readyMs / 1000).toFixed(2)} s` },
        { measure: 'RSS at rest (5 s after ready)', value: `${atRest.toFixed(0)} MB` },
        { measure: `RSS right after ${done.toLocaleString('en')} signed-in reads`, value: `${afterLoad.toFixed(0)} MB` },
        { measure: 'RSS at rest again (5 s later)', value: `${restAgain.toFixed(0)} MB` },
      ],
    };
  } finally {
    await server.stop();
  }
}
