// /no-permission: where guarded routes send whoever may not open them. Where they wanted to go comes in the history
// state (the browser's guard) or as `?from=` (the server's redirect of a page load), and goes on to the sign-in.
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '#web/session/session';

/** A path of this site (never `//host`, which the browser would read as another site). */
const ownPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

export default function NoPermissionView() {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queried = new URLSearchParams(location.search).get('from');
  const from = queried ?? (location.state as { from?: unknown } | null)?.from;
  // The address bar keeps the page's own address; the target moves into the history state, as the guard puts it.
  useEffect(() => {
    if (queried !== null)
      void navigate(location.pathname, { replace: true, state: ownPath(queried) ? { from: queried } : null });
  }, [queried, location.pathname, navigate]);
  return (
    <div className="panel">
      <h1>
        <FormattedMessage id="noPermission.title" />
      </h1>
      {user ? (
        <p>
          <FormattedMessage id="noPermission.signedIn" values={{ name: user.name }} />
        </p>
      ) : (
        <p>
          <FormattedMessage id="noPermission.signedOut" />
        </p>
      )}
      <p className="actions">
        {!user && (
          <Link className="button" to="/login" state={{ from: ownPath(from) ? from : '/' }}>
            <FormattedMessage id="shell.signIn" />
          </Link>
        )}
        {!user && (
          <Link className="button button-secondary" to="/register">
            <FormattedMessage id="login.register" />
          </Link>
        )}
        <Link className={user ? 'button' : 'button button-secondary'} to="/">
          <FormattedMessage id="shell.backHome" />
        </Link>
      </p>
    </div>
  );
}
