import { isApiError, UNEXPECTED_ERROR } from '@contracts/api-error';
import type { ApiTransport } from '@contracts/ssr';

let transport: ApiTransport = (path, init) => fetch(path, init);

/** The server renderer sends a page's API calls through Fastify itself (ADR 026). */
export const setApiTransport = (next: ApiTransport): void => {
  transport = next;
};

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

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls the API. Answers are not re-validated here: the server serialises every response through its
 * zod schema, and keeping zod out of this module keeps it out of the app's entry chunk.
 */
export async function api<T = void>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  let response: Response;
  try {
    response = await transport(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiRequestError(0, UNEXPECTED_ERROR);
  }
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw isApiError(json)
      ? new ApiRequestError(response.status, json.message, json.fields)
      : new ApiRequestError(response.status, UNEXPECTED_ERROR);
  }
  return json as T;
}

/**
 * The server's message for a request it refused (4xx), else `fallback`: a network or server failure
 * carries nothing the user can act on.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.message || fallback;
  }
  return fallback;
}
