/**
 * The ceiling: a bare Fastify route answering a fixed JSON body, what this machine's Node
 * and HTTP stack can serve with no database and no application code. The bench runs it in
 * its own process, like the app: GET /json/<bytes> answers a JSON body of exactly that size.
 * It prints its port on stdout once listening.
 */
import Fastify from 'fastify';

const bodies = new Map<number, string>();

/** A JSON document of exactly `bytes` bytes (at least 16). */
function bodyOfSize(bytes: number): string {
  let body = bodies.get(bytes);
  if (!body) {
    const empty = JSON.stringify({ padding: '' });
    body = JSON.stringify({ padding: 'x'.repeat(Math.max(0, bytes - empty.length)) });
    bodies.set(bytes, body);
  }
  return body;
}

const app = Fastify({ logger: false });
app.get<{ Params: { bytes: string } }>('/json/:bytes', (request, reply) => {
  const bytes = Number(request.params.bytes);
  if (!Number.isInteger(bytes) || bytes < 16 || bytes > 10_000_000) {
    return reply
      .status(400)
      .send({ error: { code: 'invalid_size', message: 'Give a size of 16 B to 10 MB.' } });
  }
  return reply.type('application/json; charset=utf-8').send(bodyOfSize(bytes));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : '');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
