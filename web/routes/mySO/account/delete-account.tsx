// Delete my account on /mySO/account: DELETE /users/{id} with the password (docs/decisions/031), asked in the kit's
// confirmation dialog, then signed out and back home.
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { User } from '#schema/entities';
import { deleteOwnAccount } from '#web/api/users';
import { useNotify } from '#web/components/notifications';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { useSession } from '#web/session/session';

/** Delete my account: the dialog asks for the password, then signed out and back home. */
export function DeleteAccount({ account }: { account: User }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const notify = useNotify();
  const navigate = useNavigate();
  const { logout } = useSession();
  const [confirm, dialog] = useConfirm();
  const opener = useRef<HTMLButtonElement>(null);

  const deleted = useRef(false);
  // The server ended the session with the account; on leaving, the app forgets the stored user too (logout tells
  // the server again, which answers alike).
  useEffect(
    () => () => {
      if (deleted.current) void logout().catch(() => undefined);
    },
    [logout],
  );

  async function ask() {
    const ok = await confirm({
      title: t('myso.account.deleteConfirm'),
      confirmLabel: t('myso.account.deleteForGood'),
      field: {
        label: t('myso.account.deletePassword'),
        type: 'password',
        required: true,
        autoComplete: 'current-password',
      },
      // A wrong password comes back as an issue (wrong_password), which the dialog says in the reader's words.
      action: (password) => deleteOwnAccount(account.id, password),
    });
    // Focus back on the button (a click does not focus it in every browser).
    if (!ok) return opener.current?.focus();
    notify({ kind: 'success', message: t('myso.account.deleted') });
    // Home first; the session is forgotten once this page is gone (above): signed out while this signed-in-only
    // page still shows (it stays while home loads), its guard would send the reader to /no-permission.
    deleted.current = true;
    void navigate('/', { replace: true });
  }

  return (
    <section aria-labelledby="myso-account-delete" className="myso-section danger-zone">
      <h2 id="myso-account-delete">
        <FormattedMessage id="myso.account.delete" />
      </h2>
      <p>
        <FormattedMessage id="myso.account.deleteLead" />
      </p>
      <button ref={opener} type="button" className="button button-danger" onClick={() => void ask()}>
        <FormattedMessage id="myso.account.delete" />
      </button>
      {dialog}
    </section>
  );
}
