// The main menu: a list of the sections, behind a toggle on small screens (☰ opens, ✕ or Esc closes); the current
// section is marked.
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { MENU_ITEMS, type MenuItemId } from '#web/navigation';
import { LinkItems } from '../link-items';

export function MainMenu({ highlighted }: { highlighted: MenuItemId | undefined }) {
  const intl = useIntl();
  const location = useLocation();
  // Open on the page where it was opened: navigating anywhere closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  // While open, Esc closes it and gives focus back to the toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <nav className="main-menu" aria-label={intl.formatMessage({ id: 'shell.mainMenu' })}>
      <button
        ref={toggle}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        <span className="visually-hidden">
          <FormattedMessage id="shell.menu" />
        </span>
      </button>
      <ul id={listId} className={open ? 'open' : undefined}>
        <LinkItems items={MENU_ITEMS} current={MENU_ITEMS.find((item) => item.id === highlighted)?.to} />
      </ul>
    </nav>
  );
}
