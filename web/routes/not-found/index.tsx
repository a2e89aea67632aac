// The catch-all page for paths the portal does not know.
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';

export default function NotFoundView() {
  const location = useLocation();
  return (
    <div className="panel">
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.text" />
      </p>
      <p className="muted">
        <code>{location.pathname}</code>
      </p>
      <p className="actions">
        <Link className="button" to="/">
          <FormattedMessage id="shell.backHome" />
        </Link>
        <Link className="button button-secondary" to="/search">
          <FormattedMessage id="notFound.search" />
        </Link>
      </p>
    </div>
  );
}
