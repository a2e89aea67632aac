// Sign-in link for visitors; for a signed-in user a disclosure menu (mySO, account, my account, app management,
// sign-out).
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../error-text';
import { canAccess } from '#web/session/guards';
import { useSession } from '#web/session/session';
import { useNotify } from '../notifications';
import { LinkItems } from '../link-items';

export function UserMenu() {
  const intl = useIntl();
  const { user, ready, logout } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  // Open on the page where it was opened: navigating anywhere closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // While open, a pointer outside closes it, and so does Esc inside it (focus back to the button).
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpenAt(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !root.current?.contains(e.target as Node)) return;
      setOpenAt(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!ready) return <div className="user-menu" aria-hidden="true" />;
  if (!user) {
    const from = location.pathname + location.search;
    return (
      <div className="user-menu">
        <Link className="button button-small" to="/login" state={{ from }}>
          <FormattedMessage id="shell.signIn" />
        </Link>
      </div>
    );
  }

  async function signOut() {
    try {
      await logout();
      notify({ kind: 'success', message: intl.formatMessage({ id: 'shell.signedOut' }) });
      void navigate('/');
    } catch (err) {
      notify({
        kind: 'error',
        message: errorText(err, intl),
      });
    }
  }

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button-small user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <span className="visually-hidden">{intl.formatMessage({ id: 'shell.userMenu' })}: </span>
        {user.name}
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        <LinkItems
          items={[
            { to: '/mySO', label: 'mySO' },
            { to: '/mySO/account', label: 'myso.account.title' },
            ...(canAccess('editorOrAdmin', user) ? [{ to: '/myaccount', label: 'shell.crumb.myaccount' }] : []),
            ...(canAccess('admin', user) ? [{ to: '/appManagement', label: 'shell.crumb.appManagement' }] : []),
          ]}
        />
        <li>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            <FormattedMessage id="shell.signOut" />
          </button>
        </li>
      </ul>
    </div>
  );
}
