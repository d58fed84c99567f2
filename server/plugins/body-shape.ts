import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';

/** How deeply a request body may nest objects and arrays. No body of ours comes near it. */
export const MAX_BODY_DEPTH = 32;

export const BODY_MESSAGES = {
  tooDeep: `The request body nests deeper than ${MAX_BODY_DEPTH} levels.`,
  notObject: 'The request body must be a JSON object.',
  notJson: 'The request body must be JSON (Content-Type: application/json).',
} as const;

/** True when `value` nests deeper than `limit`; iterative, so no body can exhaust the stack. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

const isPlainObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

function contentTypeOf(request: FastifyRequest) {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Every body the API takes is a JSON object (a file upload is read from the multipart stream, and
 * Stripe's webhook gets its raw bytes). Anything else is a 400 with a plain message, on every
 * route, before a schema, a handler or better-auth sees it: a 5,000-deep object or a string where
 * better-auth expects an object once ended in a RangeError or a TypeError, a 500 (issue 21).
 */
export const bodyShape = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const { body } = request;
    if (body === undefined || Buffer.isBuffer(body)) return;
    if (typeof body === 'string' && !contentTypeOf(request).endsWith('json')) {
      throw badRequest(BODY_MESSAGES.notJson);
    }
    if (!isPlainObject(body)) throw badRequest(BODY_MESSAGES.notObject);
    if (nestsDeeperThan(body, MAX_BODY_DEPTH)) throw badRequest(BODY_MESSAGES.tooDeep);
  });
});
