// /no-permission: where guarded routes send whoever may not open them.
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../session/session';

export default function NoPermissionView() {
  const { user } = useSession();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
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
          <Link className="button" to="/login" state={{ from: typeof from === 'string' ? from : '/' }}>
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
