import type { ReactNode } from 'react';
import { StaticHtml } from '@/components/static-html';
import { Page } from '@/components/ui/page';

/** One numbered section of a legal page; `id` is its anchor (`/terms#refunds`). */
export type LegalSection = { id: string; title: string; body: ReactNode };

/** How a link inside a legal text looks. */
export const legalLinkClass =
  'font-semibold text-navy underline underline-offset-4 hover:text-navy-light';

/**
 * Terms, Privacy and the Revenue Agreement share one layout: a heading, an optional table of
 * contents or summary (`children`), then the numbered sections.
 */
export function LegalPage({
  title,
  lead,
  sections,
  withContents = false,
  children,
}: {
  title: string;
  lead: string;
  sections: LegalSection[];
  withContents?: boolean;
  children?: ReactNode;
}) {
  const hasIntro = withContents || children !== undefined;
  return (
    <Page title={title} lead={lead}>
      {withContents && <LegalContents sections={sections} />}
      {children}
      {/* The text itself: kept as the server rendered it, not hydrated (ADR 064). */}
      <StaticHtml className={hasIntro ? 'mt-12 space-y-12' : 'space-y-12'}>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2
              id={`${section.id}-heading`}
              className="flex items-start gap-3 text-2xl font-bold text-navy sm:text-3xl"
            >
              <span className="inline-flex h-9 min-w-9 shrink-0 items-center justify-center rounded-lg bg-volt px-2 text-xl text-navy">
                {index + 1}.
              </span>
              <span className="pt-0.5">{section.title}</span>
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-ink">{section.body}</div>
          </section>
        ))}
      </StaticHtml>
    </Page>
  );
}

function LegalContents({ sections }: { sections: LegalSection[] }) {
  return (
    <nav aria-label="Contents" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <p className="font-display text-lg font-bold tracking-wide text-navy uppercase">Contents</p>
      <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="text-muted hover:text-navy hover:underline">
              {index + 1}. {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
