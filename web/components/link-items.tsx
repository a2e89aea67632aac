// The items of a menu of links (the main menu, the footer, the user menu, the workspace's sections): each a link
// with its label from the catalogues, the current one marked for assistive technology.
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

export interface LinkItem {
  to: string;
  /** The label's message id. */
  label: string;
}

export function LinkItems({ items, current }: { items: readonly LinkItem[]; current?: string }) {
  return items.map((item) => (
    <li key={item.to}>
      <Link to={item.to} aria-current={item.to === current ? 'page' : undefined}>
        <FormattedMessage id={item.label} />
      </Link>
    </li>
  ));
}

/** A page's ways on, as buttons: the first the main one, the others secondary. */
export function ActionLinks({ links }: { links: readonly LinkItem[] }) {
  return (
    <p className="actions">
      {links.map((link, index) => (
        <Link key={link.to} className={index === 0 ? 'button' : 'button button-secondary'} to={link.to}>
          <FormattedMessage id={link.label} />
        </Link>
      ))}
    </p>
  );
}
