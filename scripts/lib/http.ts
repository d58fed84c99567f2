/** One HTTP request from the bench and chaos clients, over their own keep-alive agents. */
import http from 'node:http';

export interface RawResponse {
  status: number;
  body: string;
  setCookies: string[];
}

export interface RawRequest {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  /** Sent as JSON with its content type and length. */
  json?: unknown;
  agent: http.Agent;
  /** Destroys the request with ETIMEDOUT when no response has ended by then. */
  timeoutMs?: number;
}

/** Sends the request and collects the body as text; rejects with the socket's error. */
export function sendRequest(url: URL, req: RawRequest): Promise<RawResponse> {
  const body = req.json === undefined ? undefined : JSON.stringify(req.json);
  return new Promise((resolve, reject) => {
    const r = http.request(
      url,
      {
        method: req.method ?? 'GET',
        agent: req.agent,
        headers: {
          ...req.headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            setCookies: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', reject);
      },
    );
    if (req.timeoutMs !== undefined) {
      r.setTimeout(req.timeoutMs, () =>
        r.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
    }
    r.on('error', reject);
    r.end(body);
  });
}

/** The `name=value` pairs of a response's cookies, as a Cookie header sends them back. */
export const cookiesOf = (res: RawResponse): string =>
  res.setCookies.map((c) => c.split(';')[0]).join('; ');
