import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';
import { MAX_BODY_DEPTH } from './body-shape';

export const CONTROL_CHARACTERS_MESSAGE = 'This request contains characters that are not allowed.';

/** Control characters no text of ours needs. Tab, line feed and carriage return stay in text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In a path or query string, none at all. */
// eslint-disable-next-line no-control-regex -- as above
const IN_URL = /[\u0000-\u001F\u007F]/;

function hasControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTERS_IN_TEXT.test(value);
  if (
    depth > MAX_BODY_DEPTH ||
    value === null ||
    typeof value !== 'object' ||
    Buffer.isBuffer(value)
  ) {
    return false;
  }
  if (Array.isArray(value)) return value.some((item) => hasControl(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => CONTROL_CHARACTERS_IN_TEXT.test(key) || hasControl(item, depth + 1),
  );
}

/**
 * Refuses NUL bytes and other control characters with a 400 on every route, better-auth's
 * included, before any handler or the database sees them: PostgreSQL refuses NUL in text, which
 * would otherwise surface as a 500 (issue 13).
 */
export const controlCharacters = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    let url: string;
    try {
      url = decodeURIComponent(request.url);
    } catch {
      throw badRequest('This address is not valid.');
    }
    if (IN_URL.test(url)) throw badRequest(CONTROL_CHARACTERS_MESSAGE);
  });
  app.addHook('preValidation', async (request) => {
    if (hasControl(request.body)) throw badRequest(CONTROL_CHARACTERS_MESSAGE);
  });
});
