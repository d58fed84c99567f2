import type { FastifyReply } from 'fastify';

/**
 * JSON bodies with parts PostgreSQL already wrote as JSON text (ADR 072). A signed-in list read
 * selects its page as text; decoding it only to encode it again cost the server most of what the
 * read spent beyond its statement (node-postgres' JSON.parse, the response schema's pass,
 * JSON.stringify and the garbage of all three). Such a part is sent as it came.
 */

/** JSON text written by PostgreSQL, placed in a body as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A body of type `T` whose lists may come as JSON text instead. */
export type WithJsonText<T> = {
  [K in keyof T]: T[K] extends readonly unknown[] ? T[K] | JsonText : T[K];
};

/**
 * One JSON object, its keys in the order given (the contract's order, as its schema would write
 * them): plain values through JSON.stringify, `JsonText` values as they are.
 */
export function splicedObject<T extends object>(fields: WithJsonText<T>): string {
  let body = '';
  for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
    // JSON.stringify leaves out a key whose value is undefined; so does this.
    if (value === undefined) continue;
    const text = value instanceof JsonText ? value.text : JSON.stringify(value);
    body += `${body ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return body ? `${body}}` : '{}';
}

/**
 * Sends a body that is already JSON text. With the JSON content type set, Fastify sends a string
 * as it is: no serializer, so the route's response schema only documents it (the tests parse every
 * such body with it instead).
 */
export function sendJsonText(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
