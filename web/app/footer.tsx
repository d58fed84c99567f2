import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { StaticHtml } from '@/components/static-html';
import { usePublicConfig } from '@/features/public-config/api';

const pages = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/revenue', label: 'Revenue Agreement' },
];

/** The same on every page: kept as the server rendered it, not hydrated (ADR 064). */
export function Footer() {
  return (
    <StaticHtml as="footer" className="mt-auto bg-navy text-white/85">
      <FooterContent />
    </StaticHtml>
  );
}

function FooterContent() {
  const config = usePublicConfig();
  return (
    <>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
        <div>
          <Brand onDark />
          <p className="mt-2 font-display text-lg tracking-wide text-volt uppercase">
            Ask. Answer. Win.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
            <li>
              <a
                href={config.data?.instagramUrl ?? 'https://www.instagram.com/'}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 hover:text-volt"
              >
                <InstagramGlyph />
                Instagram
              </a>
            </li>
            {pages.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="hover:text-volt">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-white/60">
        © {new Date().getFullYear()} {config.data?.operatorCompany ?? 'Playbook'}
      </p>
    </>
  );
}

/** Lucide ships no brand marks, so the camera glyph is drawn here. */
function InstagramGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
    </svg>
  );
}
