// The site footer: about, contact, order a channel, imprint, and the copyright line.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';

export function SiteFooter() {
  const intl = useIntl();
  return (
    <footer className="site-footer">
      <nav aria-label={intl.formatMessage({ id: 'shell.footerMenu' })}>
        <ul>
          <li>
            <Link to="/about">
              <FormattedMessage id="about" />
            </Link>
          </li>
          <li>
            <Link to="/contact">
              <FormattedMessage id="contact" />
            </Link>
          </li>
          <li>
            <Link to="/orderChannel">
              <FormattedMessage id="orderChannel" />
            </Link>
          </li>
          <li>
            <Link to="/imprint">
              <FormattedMessage id="imprint" />
            </Link>
          </li>
        </ul>
      </nav>
      <p>
        <FormattedMessage id="shell.copyright" values={{ year: String(new Date().getFullYear()) }} />
      </p>
    </footer>
  );
}
