import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A body for the read caches: checked against its contract once, when it is built, and kept as the
 * bytes that go out, so a hit neither validates nor encodes anything.
 */
export function serialise<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return Buffer.from(JSON.stringify(schema.parse(value)));
}

/**
 * Sends a body made by `serialise` as it is, past the route's serializer. The type provider only
 * knows the object form, hence the cast.
 */
export function sendSerialised(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body as never);
}
