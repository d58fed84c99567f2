import type { z } from 'zod';
import { apiErrorSchema, UNEXPECTED_ERROR } from '@contracts/api-error';

/** An API answer that was not 2xx, carrying the server's message and per-field errors. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the answer, so a contract drift fails loudly at the edge. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

export async function api<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiRequestError(0, UNEXPECTED_ERROR);
  }
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(json);
    throw parsed.success
      ? new ApiRequestError(response.status, parsed.data.message, parsed.data.fields)
      : new ApiRequestError(response.status, UNEXPECTED_ERROR);
  }
  return schema ? schema.parse(json) : (json as T);
}
