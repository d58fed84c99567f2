/** The baseline: a plain Fastify server answering a small JSON body, no logger, nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
