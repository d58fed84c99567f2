import { Link } from 'react-router';

const linkClass = 'font-semibold underline';

/**
 * The label of an agreement checkbox: 'I agree to the Terms of Service and Privacy Policy', with the
 * Revenue Agreement too where money changes hands (asking, coaching); each document is a link.
 */
export function AgreementLabel({ withRevenue = false }: { withRevenue?: boolean }) {
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
  if (!withRevenue) {
    return (
      <>
        I agree to the {terms} and {privacy}
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
