import type { PageMeta } from '@contracts/ssr';

/** The home page's head, also what a page that declares none is shown with. */
export const HOME_META: PageMeta = {
  title: 'Playbook · Ask. Answer. Win.',
  description: 'Ask a Coach one question, get a written answer. Ask. Answer. Win.',
  path: '/',
};

/** The title of a page other than home. */
export const pageTitle = (name: string) => `${name} · Playbook`;
