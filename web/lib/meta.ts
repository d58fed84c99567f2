import { createContext, useContext, useEffect } from 'react';
import {
  LINK_PREVIEW_HEIGHT,
  LINK_PREVIEW_WIDTH,
  SITE_PREVIEW_ALT,
  SITE_PREVIEW_PATH,
} from '@contracts/link-preview';
import type { PageMeta } from '@contracts/ssr';

export const SITE_NAME = 'Playbook';

/** The server renderer's collector: the page rendered last (the innermost) wins. */
export const MetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

type Tag = { tag: 'meta' | 'link'; key: string; attrs: Record<string, string> };

/** Every head tag of a page, each with the attribute that identifies it for an update. */
export function metaTags(meta: PageMeta, origin: string): Tag[] {
  const absolute = (url: string) => new URL(url, origin).href;
  // Every picture is a 1200×630 card drawn by the server (ADR 055): the page's own or the site's.
  const image = absolute(meta.image ?? SITE_PREVIEW_PATH);
  const imageAlt = meta.image ? (meta.imageAlt ?? meta.title) : SITE_PREVIEW_ALT;
  const named = (name: string, content: string): Tag => ({
    tag: 'meta',
    key: `meta[name="${name}"]`,
    attrs: { name, content },
  });
  const property = (name: string, content: string): Tag => ({
    tag: 'meta',
    key: `meta[property="${name}"]`,
    attrs: { property: name, content },
  });
  return [
    named('description', meta.description),
    {
      tag: 'link',
      key: 'link[rel="canonical"]',
      attrs: { rel: 'canonical', href: absolute(meta.path) },
    },
    property('og:site_name', SITE_NAME),
    property('og:type', meta.type ?? 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', absolute(meta.path)),
    property('og:image', image),
    property('og:image:type', 'image/png'),
    property('og:image:width', String(LINK_PREVIEW_WIDTH)),
    property('og:image:height', String(LINK_PREVIEW_HEIGHT)),
    property('og:image:alt', imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    named('twitter:image:alt', imageAlt),
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head of a server-rendered page, as HTML. */
export function renderHead(meta: PageMeta, origin: string): string {
  const tags = metaTags(meta, origin).map(({ tag, attrs }) => {
    const attributes = Object.entries(attrs)
      .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
      .join(' ');
    return `<${tag} ${attributes} />`;
  });
  return [`<title>${escapeHtml(meta.title)}</title>`, ...tags].join('\n    ');
}

/**
 * Declares the page's title, description, canonical URL and link preview: collected by the server
 * renderer, and written into the document when the page is shown in the browser.
 */
export function useDocumentMeta(meta: PageMeta): void {
  const collect = useContext(MetaCollector);
  collect?.(meta);
  const { title, description, path, image, imageAlt, type } = meta;
  useEffect(() => {
    document.title = title;
    const tags = metaTags(
      { title, description, path, image, imageAlt, type },
      window.location.origin,
    );
    // Every page has the same tags (each has a picture), so each is updated in place.
    for (const { tag, key, attrs } of tags) {
      let element = document.head.querySelector(key);
      if (!element) {
        element = document.createElement(tag);
        document.head.append(element);
      }
      for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    }
  }, [title, description, path, image, imageAlt, type]);
}
