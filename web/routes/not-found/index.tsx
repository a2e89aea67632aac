// The catch-all page for paths the portal does not know.
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { ActionLinks } from '#web/components/link-items';

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
      <ActionLinks
        links={[
          { to: '/', label: 'shell.backHome' },
          { to: '/search', label: 'notFound.search' },
        ]}
      />
    </div>
  );
}
