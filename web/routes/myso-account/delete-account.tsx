// Delete my account on /mySO/account: DELETE /users/{id} with the password (docs/decisions/031), then signed out
// and back home.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { User } from '../../../schema/entities';
import { ApiError } from '../../api/errors';
import { deleteOwnAccount } from '../../api/users';
import { FormAlert, TextField, focusFirstInvalid, formValues, useFormState } from '../../components/form';
import { useNotify } from '../../components/notifications';
import { useSession } from '../../session/session';

/** Delete my account: a confirmation with the password, then signed out and back home. */
export function DeleteAccount({ account }: { account: User }) {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const { logout } = useSession();
  const [confirming, setConfirming] = useState(false);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();
  const form = useRef<HTMLFormElement>(null);
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

  useEffect(() => {
    if (confirming) form.current?.querySelector<HTMLInputElement>('input[name="deletePassword"]')?.focus();
  }, [confirming]);

  function cancel() {
    setConfirming(false);
    setErrors({});
    setAlert(null);
    // Focus back where it was, after the confirmation is gone.
    setTimeout(() => opener.current?.focus(), 0);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { deletePassword = '' } = formValues(e.currentTarget);
    if (!deletePassword) {
      setErrors({ deletePassword: intl.formatMessage({ id: 'form.required' }) });
      return focusFirstInvalid(form.current);
    }
    setErrors({});
    setAlert(null);
    await send(
      async () => {
        try {
          await deleteOwnAccount(account.id, deletePassword);
        } catch (err) {
          if (err instanceof ApiError && err.code === 403)
            throw new ApiError(403, intl.formatMessage({ id: 'myso.account.wrongPassword' }));
          throw err;
        }
        notify({ kind: 'success', message: intl.formatMessage({ id: 'myso.account.deleted' }) });
        // Home first; the session is forgotten once this page is gone (below): signed out while this signed-in-only
        // page still shows (it stays while home loads), its guard would send the reader to /no-permission.
        deleted.current = true;
        void navigate('/', { replace: true });
      },
      { keepBusy: true },
    );
  }

  return (
    <section aria-labelledby="myso-account-delete" className="myso-section danger-zone">
      <h2 id="myso-account-delete">
        <FormattedMessage id="myso.account.delete" />
      </h2>
      <p>
        <FormattedMessage id="myso.account.deleteLead" />
      </p>
      {!confirming ? (
        <button
          ref={opener}
          type="button"
          className="button button-danger"
          aria-expanded={false}
          onClick={() => setConfirming(true)}
        >
          <FormattedMessage id="myso.account.delete" />
        </button>
      ) : (
        <div role="group" aria-labelledby="myso-account-delete-confirm" className="panel confirm-panel">
          <p id="myso-account-delete-confirm">
            <strong>
              <FormattedMessage id="myso.account.deleteConfirm" />
            </strong>
          </p>
          <FormAlert message={alert} />
          <form ref={form} noValidate onSubmit={(e) => void submit(e)}>
            <TextField
              label={intl.formatMessage({ id: 'myso.account.deletePassword' })}
              name="deletePassword"
              type="password"
              autoComplete="current-password"
              required
              error={errors.deletePassword}
            />
            <div className="button-row">
              <button type="submit" className="button button-danger" disabled={busy}>
                <FormattedMessage id="myso.account.deleteForGood" />
              </button>
              <button type="button" className="button button-secondary" onClick={cancel} disabled={busy}>
                <FormattedMessage id="myso.account.cancel" />
              </button>
            </div>
          </form>
        </div>
      )}
    </section>
  );
}
