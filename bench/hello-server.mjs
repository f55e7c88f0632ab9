// The baseline of the API benchmark: bare Fastify answering a constant, no logging.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
