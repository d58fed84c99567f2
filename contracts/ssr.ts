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

/**
 * What the server made of a plain HTML form posted before the app had loaded (ADR 053), for the
 * page to show again with the message and the values typed (never a password).
 */
export interface PageFormState {
  form: PageFormName;
  /** The values typed, to put back into the fields. */
  values: Record<string, string>;
  /** The spec's message for the whole form (a refusal), if any. */
  message?: string;
  /** The spec's message per field that failed validation. */
  fieldErrors?: Record<string, string>;
  /** The form's own extra outcome, e.g. an unconfirmed e-mail address on sign-in. */
  outcome?: 'email-not-confirmed';
}

/** The forms a page posts to the server itself, named by their hidden `form` field. */
export const PAGE_FORMS = { betaAccess: 'beta-access', signIn: 'sign-in' } as const;
export type PageFormName = (typeof PAGE_FORMS)[keyof typeof PAGE_FORMS];
/** The hidden field that names the form a page posted. */
export const PAGE_FORM_FIELD = 'form';
/** The query key under which the page's form state travels with the page's data. */
export const PAGE_FORM_QUERY_KEY = ['page-form'] as const;

export interface SsrEntry {
  configure(transport: ApiTransport): void;
  /**
   * `url` is the request's path and search; `origin` the site's public origin; `form` what the
   * server made of a form the page posted, to show with the page.
   */
  render(request: { url: string; origin: string; form?: PageFormState }): Promise<SsrResult>;
}
