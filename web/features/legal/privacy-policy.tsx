import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';
import { LegalPage, legalLinkClass as linkClass, type LegalSection } from './legal-page';

type Item = { term: string; detail: ReactNode };

function ItemList({ items }: { items: Item[] }) {
  return (
    <dl className="space-y-4">
      {items.map((item) => (
        <div key={item.term} className="rounded-xl border border-line bg-white p-4">
          <dt className="font-semibold text-navy">{item.term}</dt>
          <dd className="mt-1 text-ink">{item.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

function PrivacyEmail({ email, isLoading }: { email: string | undefined; isLoading: boolean }) {
  if (email) {
    return (
      <a href={`mailto:${email}`} className={linkClass}>
        {email}
      </a>
    );
  }
  if (isLoading) return <span className="text-muted">our privacy address (loading…)</span>;
  return (
    <Link to="/contact" className={linkClass}>
      our Contact page
    </Link>
  );
}

/**
 * The Privacy Policy; `privacyEmail` is the address for privacy requests, unknown while the site
 * settings load (`isLoading`) or when none is configured.
 */
export function PrivacyPolicy({
  operator,
  privacyEmail,
  isLoading,
}: {
  operator: string;
  privacyEmail: string | undefined;
  isLoading: boolean;
}) {
  useDocumentMeta({
    title: pageTitle('Privacy Policy'),
    description: 'What Playbook collects, why, and how to reach us about your data.',
    path: '/privacy',
  });
  const email = <PrivacyEmail email={privacyEmail} isLoading={isLoading} />;

  const collected: Item[] = [
    {
      term: 'Account',
      detail:
        'Your email address, your name and your password (stored only as a secure hash, never in readable form), and the roles you hold (Player, Coach or both).',
    },
    {
      term: 'Profile',
      detail:
        'What you choose to add: photo, bio, expertise, price per question, and links to your website, LinkedIn, Instagram or X (Twitter) profiles.',
    },
    {
      term: 'Questions and answers',
      detail:
        'The questions you ask, including any context you add, the answers Coaches write, helpful ratings, reviews, abuse reports and disputes.',
    },
    {
      term: 'Payments and payouts',
      detail:
        'Card payments are handled by our card processor. We never see or store full card numbers. We keep the amount, the status of each payment, refund and payout, and, for Coaches, the identifier of the payout account held with the card processor, which collects the identity and bank details it needs.',
    },
    {
      term: 'Messages to us',
      detail:
        'What you send through the Contact form: name, email, optional phone number, topic, subject and message.',
    },
    {
      term: 'Technical data',
      detail:
        'Server logs with IP address, browser type, pages requested (including addresses that do not exist) and sign-in attempts, used to keep the service secure and working.',
    },
  ];

  const sections: LegalSection[] = [
    {
      id: 'who',
      title: 'Who We Are',
      body: (
        <p>
          The Playbook marketplace is operated by <strong>{operator}</strong> (&ldquo;we&rdquo;,
          &ldquo;us&rdquo;). We are responsible for the personal information described in this
          policy. Questions about it go to {email}.
        </p>
      ),
    },
    {
      id: 'collect',
      title: 'What We Collect',
      body: <ItemList items={collected} />,
    },
    {
      id: 'why',
      title: 'Why We Use It',
      body: (
        <ul className="list-disc space-y-2 pl-5">
          <li>To create and run your account and show your public profile.</li>
          <li>To deliver questions to Coaches and answers to Players.</li>
          <li>To take payments, pay Coaches, and issue refunds.</li>
          <li>
            To send the emails the service needs: sign-up confirmation, new question, answer
            received and refund notices.
          </li>
          <li>To review reports and disputes, and to prevent fraud, abuse and spam.</li>
          <li>To answer your messages, and to meet our legal, tax and accounting duties.</li>
        </ul>
      ),
    },
    {
      id: 'share',
      title: 'Who Can See It',
      body: (
        <>
          <p>
            Your public profile (name, photo, bio, links and, for Coaches, expertise and price) can
            be seen by anyone. A question and its answer can be seen only by the Player who asked
            it, the Coach who was asked, and our staff where needed to run the service or review a
            report.
          </p>
          <p>
            We share data with the service providers that run the platform for us, such as our card
            processor, hosting, file storage and email providers, only as far as they need it. We
            may disclose data where the law requires it. We never sell your personal information.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>We use only the cookies the site needs to work:</p>
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong>Session cookie</strong>: keeps you signed in. It is httpOnly, so scripts in
              the page cannot read it, and on the live site it is sent only over encrypted
              connections.
            </li>
            <li>
              <strong>Beta access cookie</strong>: remembers that you entered a valid access code.
              It is also httpOnly.
            </li>
          </ul>
          <p>
            The site also keeps a small note in your browser&rsquo;s local storage that you have
            passed the beta gate. We use no advertising or cross-site tracking cookies. The card
            processor&rsquo;s checkout page sets its own cookies under its own privacy policy.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How Long We Keep It',
      body: (
        <>
          <p>
            We keep your account and profile while your account is open. When you ask us to close
            it, we delete or anonymise your personal information, except what we must keep: payment,
            refund and payout records are kept as long as tax and accounting law requires, and
            records linked to an open report or dispute until it is resolved.
          </p>
          <p>Server logs are kept only as long as needed for security and troubleshooting.</p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Data travels over encrypted connections, passwords are stored as hashes, and access to
          personal information is limited to the people and systems that need it. No system is
          perfectly secure; if a breach affects you, we will tell you as the law requires.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your Rights',
      body: (
        <>
          <p>You can ask us to:</p>
          <ul className="list-disc space-y-2 pl-5">
            <li>give you a copy of the personal information we hold about you;</li>
            <li>
              correct anything that is wrong (you can edit most of it yourself in My Profile);
            </li>
            <li>delete your account and personal information;</li>
            <li>stop or restrict a particular use of your information.</li>
          </ul>
          <p>
            Write to {email} and we will reply within 30 days. If you are not happy with our answer,
            you can complain to the privacy regulator where you live; in Australia, that is the
            Office of the Australian Information Commissioner.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          We may update this policy. If a change is significant, we will tell you in the app or by
          email before it takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          For privacy questions or requests, email {email}. For anything else, use our{' '}
          <Link to="/contact" className={linkClass}>
            Contact page
          </Link>
          . See also our{' '}
          <Link to="/terms" className={linkClass}>
            Terms of Service
          </Link>
          .
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      lead="What we collect, why we collect it, and the choices you have."
      sections={sections}
    />
  );
}
