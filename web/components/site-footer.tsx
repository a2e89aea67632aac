// The site footer: about, contact, order a channel, imprint, the feeds, and the copyright line.
import { FormattedMessage, useIntl } from 'react-intl';
import { LinkItems } from './link-items';

const FOOTER_ITEMS = [
  { to: '/about', label: 'about' },
  { to: '/contact', label: 'contact' },
  { to: '/orderChannel', label: 'orderChannel' },
  { to: '/imprint', label: 'imprint' },
  { to: '/subscribe', label: 'subscribe' },
];

export function SiteFooter() {
  const intl = useIntl();
  return (
    <footer className="site-footer">
      <nav aria-label={intl.formatMessage({ id: 'shell.footerMenu' })}>
        <ul>
          <LinkItems items={FOOTER_ITEMS} />
        </ul>
      </nav>
      <p>
        <FormattedMessage id="shell.copyright" values={{ year: String(new Date().getFullYear()) }} />
      </p>
    </footer>
  );
}
