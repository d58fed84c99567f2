import { Link } from 'react-router';
import { TERMS_LAST_UPDATED } from '@contracts/limits';
import { LONGEST_RESPONSE_HOURS, promiseText } from '@contracts/response-time';
import { COACH_SHARE_PERCENT } from '@contracts/money';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';
import { LegalPage, legalLinkClass as linkClass, type LegalSection } from './legal-page';

const bannedContent = [
  'Harassment, bullying, threats or intimidation of any person.',
  'Hate speech, or content that attacks people for who they are.',
  'Sexual content of any kind, and any content that sexualises minors.',
  'Violence, self-harm or dangerous activities presented as advice to follow.',
  'Illegal activity, or help to commit it, including doping and match-fixing.',
  'Spam, scams, advertising, pyramid schemes or attempts to take payment off the platform.',
  'Personal data of others, such as addresses, phone numbers or private photos, shared without their consent.',
  'Impersonation of another person, Coach or organisation.',
  'Content that infringes copyright, trademarks or other rights.',
  'Malware, or anything meant to disrupt or gain unauthorised access to the service.',
];

/** The Terms of Service; `operator` is the company that runs the marketplace. */
export function TermsOfService({ operator }: { operator: string }) {
  useDocumentMeta({
    title: pageTitle('Terms of Service'),
    description: 'The terms that apply when you ask or answer questions on Playbook.',
    path: '/terms',
  });

  const sections: LegalSection[] = [
    {
      id: 'agreement',
      title: 'Agreement to These Terms',
      body: (
        <>
          <p>
            These Terms of Service are a contract between you and <strong>{operator}</strong>{' '}
            (&ldquo;Playbook&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;), the operator of the
            Playbook marketplace. By creating an account, asking a question or answering one, you
            agree to these Terms, to our{' '}
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>{' '}
            and, if you are a Coach, to our{' '}
            <Link to="/revenue" className={linkClass}>
              Revenue Agreement
            </Link>
            .
          </p>
          <p>If you do not agree, please do not use the service.</p>
        </>
      ),
    },
    {
      id: 'service',
      title: 'The Service',
      body: (
        <>
          <p>
            Playbook is a marketplace. Players pay a Coach a fixed fee, set by the Coach, to ask one
            question and receive a written answer. Coaches are independent: they decide which
            questions to answer and when, and their answers are their own views, not ours.
          </p>
          <p>
            One account may hold both roles and switch between them. The service is currently in
            beta and is available only with an access code. We may change, suspend or stop any part
            of it.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Your Account',
      body: (
        <>
          <p>
            You must be at least 18 years old, or use the service with the permission and
            supervision of a parent or guardian who accepts these Terms for you.
          </p>
          <p>
            Give accurate information, keep your password secret and tell us straight away if you
            think someone else has used your account. You are responsible for what happens under
            your account.
          </p>
        </>
      ),
    },
    {
      id: 'fees',
      title: 'Fees and Payment',
      body: (
        <>
          <p>
            The fee for a question is the price shown on the Coach&rsquo;s profile when you ask, in
            US dollars. Your card is charged at checkout by our card processor.
          </p>
          <p>
            Your fee is held until your question is answered. When the Coach answers, the Coach
            receives {COACH_SHARE_PERCENT}% of each fee and we keep the rest, which covers our
            costs, including payment processing. The details for Coaches are in the{' '}
            <Link to="/revenue" className={linkClass}>
              Revenue Agreement
            </Link>
            .
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Refunds',
      body: (
        <>
          <p>You receive a full refund of your fee, to the card you paid with, if:</p>
          <ul className="list-disc space-y-2 pl-5">
            <li>the Coach declines your question; or</li>
            <li>
              the Coach does not answer within the response time they promise, at most{' '}
              {promiseText(LONGEST_RESPONSE_HOURS)} after your payment. The refund is made
              automatically at that moment, shown as &ldquo;Answer by&rdquo; on your question, and
              we email you when it is issued.
            </li>
          </ul>
          <p>
            A refunded question is closed and can no longer be answered. Once a question has been
            answered, the fee is not refundable just because you disagree with the answer. If you
            believe an answer is abusive or is not a genuine attempt to answer, report it or flag a
            dispute from the question page and we will review it. Nothing in these Terms limits any
            right to a refund you have under the Australian Consumer Law.
          </p>
        </>
      ),
    },
    {
      id: 'coaches',
      title: 'Coaches',
      body: (
        <>
          <p>If you answer questions as a Coach, you agree to:</p>
          <ul className="list-disc space-y-2 pl-5">
            <li>describe your background, experience and credentials honestly;</li>
            <li>answer in good faith, in your own words, and within the time allowed;</li>
            <li>
              complete payment setup with our card processor so that payouts can reach you, and
              follow the Revenue Agreement;
            </li>
            <li>not ask Players to pay you, or contact you, outside the platform; and</li>
            <li>pay any tax due on what you earn.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'content',
      title: 'Banned Content and Conduct',
      body: (
        <>
          <p>Questions, answers, profiles, photos and messages must not contain:</p>
          <ul className="list-disc space-y-2 pl-5">
            {bannedContent.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>
            Anyone can report content they believe breaks these rules. We may remove content,
            decline or refund questions, hold payouts, and suspend or close accounts that break
            them.
          </p>
        </>
      ),
    },
    {
      id: 'ownership',
      title: 'Your Content',
      body: (
        <>
          <p>
            You keep ownership of what you post. You give us a worldwide, non-exclusive,
            royalty-free licence to host, store, display and process it so that we can run the
            service. A Player may use an answer they paid for for their own personal purposes.
          </p>
          <p>
            Questions and answers are shown only to the Player who asked and the Coach who was
            asked, and to our staff where needed to run the service or review a report.
          </p>
        </>
      ),
    },
    {
      id: 'advice',
      title: 'No Professional Advice',
      body: (
        <p>
          Answers share a Coach&rsquo;s experience and opinion. They are not medical, physiotherapy,
          nutritional, legal or financial advice. Speak to a qualified professional before acting on
          anything that affects your health or safety.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Disclaimers and Liability',
      body: (
        <>
          <p>
            The service is provided &ldquo;as is&rdquo;. To the extent the law allows, we do not
            guarantee that it will be uninterrupted or error-free, or that any answer will be
            accurate or suit your purpose.
          </p>
          <p>
            To the extent the law allows, our total liability to you for any claim about the service
            is limited to the fees you paid through it in the 12 months before the claim. Nothing in
            these Terms excludes any guarantee, right or remedy that cannot be excluded under the
            Australian Consumer Law.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and Closing Your Account',
      body: (
        <p>
          You may stop using the service at any time. We may suspend or close an account that breaks
          these Terms or puts other users at risk. The refund rules above still apply to questions
          that were paid for but not answered.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Governing Law and Arbitration',
      body: (
        <>
          <p>These Terms are governed by the laws of Australia.</p>
          <p>
            If a dispute arises, please contact us first so that we can try to resolve it
            informally. Any dispute that is not resolved within 30 days will be settled by binding
            arbitration under the laws of Australia, by a single arbitrator, conducted in English
            and seated in Australia. Either party may still seek urgent interim relief from a court.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <p>
          We may update these Terms. The date at the top of this page shows when they last changed.
          If a change is significant we will tell you in the app or by email before it takes effect.
          Using the service after that date means you accept the new Terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these Terms? Reach {operator} through our{' '}
          <Link to="/contact" className={linkClass}>
            Contact page
          </Link>
          .
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Terms of Service"
      lead={`Last updated: ${TERMS_LAST_UPDATED}`}
      sections={sections}
      withContents
    />
  );
}
