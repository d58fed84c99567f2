/**
 * The contract between the server and the web app's server renderer (ADR 026): the server loads
 * the built `entry-server.js` and calls it for page requests; neither imports the other's code.
 */

/** What a page says about itself in <head>: title, description, canonical path and preview. */
export interface PageMeta {
  /** The whole <title>. */
  title: string;
  description: string;
  /** The canonical path (and search), from the site's root. */
  path: string;
  /**
   * The link preview's 1200×630 picture (ADR 055, `contracts/link-preview.ts`); relative URLs are
   * made absolute. Without one, the site's own card.
   */
  image?: string;
  /** What the picture shows, for those who cannot see it; goes with `image`. */
  imageAlt?: string;
  type?: 'website' | 'profile';
}

/** How the renderer reaches the API: the server passes Fastify's in-process `inject`. */
export type ApiTransport = (path: string, init?: RequestInit) => Promise<Response>;

export type SsrResult =
  /** Not a server-rendered page: the server sends the app's shell as before. */
  | { kind: 'shell' }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'page'; status: number; head: string; html: string; state: string };

export interface SsrEntry {
  configure(transport: ApiTransport): void;
  /** `url` is the request's path and search; `origin` the site's public origin. */
  render(request: { url: string; origin: string }): Promise<SsrResult>;
}
