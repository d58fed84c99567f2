import { Link } from 'react-router';

/**
 * A person's name that opens their user page (issue 24: "From any table an administrator opens a
 * user").
 */
export function UserLink({ id, name }: { id: string; name: string }) {
  return (
    <Link
      to={`/admin-users/${encodeURIComponent(id)}`}
      className="font-semibold break-words text-navy underline underline-offset-2"
    >
      {name}
    </Link>
  );
}
