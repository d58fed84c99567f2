/** The part of s3rver 3.7 (which ships no types) the tests use: a Koa application. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  namespace S3rver {
    /** Koa's request context, as much of it as the multipart listing reads and writes. */
    interface Context {
      method: string;
      path: string;
      /** The path and query string as sent. */
      url: string;
      headers: Record<string, string | string[] | undefined>;
      query: Record<string, string | string[] | undefined>;
      status: number;
      type: string;
      body: unknown;
    }
  }

  class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    /** Koa's middleware list, run in order; s3rver's router is the last. */
    middleware: ((ctx: S3rver.Context, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<AddressInfo | string>;
    /** Set by run(). */
    httpServer?: Server;
    close(): Promise<void>;
  }
  export default S3rver;
}
