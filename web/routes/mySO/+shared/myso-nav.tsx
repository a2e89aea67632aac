// The mySO area's own navigation: its overview and the account, as tabs under the heading (the account was a plain
// text link above the cards, easy to miss).
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';

const SECTIONS = [
  { to: '/mySO', label: 'myso.nav.overview' },
  { to: '/mySO/account', label: 'myso.account.title' },
] as const;

export function MysoNav() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '').toLowerCase();
  return (
    <nav className="section-tabs" aria-label={intl.formatMessage({ id: 'myso.nav' })}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} aria-current={current === section.to.toLowerCase() ? 'page' : undefined}>
              <FormattedMessage id={section.label} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
