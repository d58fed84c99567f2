import { Link } from 'react-router';
import { PLAYER_FEE_SHARE_CONSENT } from '@contracts/question-messages';

const linkClass = 'font-semibold underline';

/**
 * The label of an agreement checkbox: 'I agree to the Terms of Service and Privacy Policy', each
 * document a link. Where money changes hands it adds the revenue split, for the role that agrees:
 * a Coach accepts the Revenue Agreement (how Coaches are paid), a Player how their fee is shared.
 */
export function AgreementLabel({ revenue }: { revenue?: 'coach' | 'player' }) {
  const terms = (
    <Link to="/terms" className={linkClass}>
      Terms of Service
    </Link>
  );
  const privacy = (
    <Link to="/privacy" className={linkClass}>
      Privacy Policy
    </Link>
  );
  if (revenue === undefined) {
    return (
      <>
        I agree to the {terms} and {privacy}
      </>
    );
  }
  if (revenue === 'player') {
    return (
      <>
        I agree to the {terms} and {privacy}, {PLAYER_FEE_SHARE_CONSENT}
      </>
    );
  }
  return (
    <>
      I agree to the {terms}, {privacy} and{' '}
      <Link to="/revenue" className={linkClass}>
        Revenue Agreement
      </Link>
    </>
  );
}
