// /mySO/account: every signed-in user's own account (GET/PUT /users/{id}): name, e-mail, names, the language of
// the mails, a new password, and Delete my account (DELETE /users/{id} with the password; docs/decisions/031).
// A new name, e-mail or password goes with the current password, as the server asks (docs/decisions/003).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { User } from '../../../schema/entities';
import type { Locale } from '../../../schema/enums';
import { LIMITS, updateUserBody } from '../../../schema/requests';
import { ApiError } from '../../api/errors';
import { deleteOwnAccount, getUser, updateUser } from '../../api/users';
import {
  FormAlert,
  NewPasswordFields,
  TextField,
  focusFirstInvalid,
  formValues,
  issuesToFieldErrors,
  useFormState,
} from '../../components/form';
import { AccountMessages } from '../../components/account-messages';
import { useNotify } from '../../components/notifications';
import { pageTitle } from '../../components/page-title';
import { setQueryData, useQuery, write } from '../../data/cache';
import { keys } from '../../data/keys';
import { LOCALES } from '../../i18n';
import { useSession } from '../../session/session';

type Changes = {
  name?: string;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  locale?: Locale;
  password?: string;
  currentPassword?: string;
};

/** Only what changed goes to the server; an empty password field keeps the password. */
export function ownAccountChanges(current: User, v: Record<string, string>): Changes {
  const changes: Changes = {};
  const email = (v.email ?? '').trim() || null;
  if ((v.name ?? '').trim() !== current.name) changes.name = (v.name ?? '').trim();
  if ((v.firstName ?? '') !== current.firstName) changes.firstName = v.firstName ?? '';
  if ((v.lastName ?? '') !== current.lastName) changes.lastName = v.lastName ?? '';
  if (email !== current.email) changes.email = email;
  if (v.locale && v.locale !== (current.locale ?? 'en-US')) changes.locale = v.locale as Locale;
  if (v.password) changes.password = v.password;
  if ((changes.email !== undefined || changes.password) && v.currentPassword)
    changes.currentPassword = v.currentPassword;
  return changes;
}

const needsCurrentPassword = (c: Changes) => c.email !== undefined || c.password !== undefined;

export default function MysoAccountView() {
  return (
    <AccountMessages>
      <AccountView />
    </AccountMessages>
  );
}

function AccountView() {
  const intl = useIntl();
  const { user } = useSession();
  const userId = user?.id;
  const query = useQuery(userId ? keys.user(userId) : null, () => getUser(userId!));
  const account = query.data ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const before = document.title;
    document.title = pageTitle(intl.formatMessage({ id: 'myso.account.title' }));
    return () => {
      document.title = before;
    };
  }, [intl]);
  const loadError =
    query.status === 'error'
      ? query.error instanceof ApiError
        ? query.error.message
        : intl.formatMessage({ id: 'shell.error.title' })
      : null;

  return (
    <div className="static-page myso-account">
      <h1 ref={heading} tabIndex={-1}>
        <FormattedMessage id="myso.account.title" />
      </h1>
      <p>
        <Link to="/mySO">
          <FormattedMessage id="myso.account.back" />
        </Link>
      </p>
      {loadError && (
        <div className="panel" role="alert">
          <p>{loadError}</p>
          <button type="button" className="button" disabled={query.validating} onClick={query.reload}>
            <FormattedMessage id="shell.retry" />
          </button>
        </div>
      )}
      {!account && !loadError && (
        <p role="status" className="muted">
          <FormattedMessage id="shell.loading" />
        </p>
      )}
      {account && (
        <>
          <AccountForm account={account} />
          <DeleteAccount account={account} />
        </>
      )}
    </div>
  );
}

function AccountForm({ account }: { account: User }) {
  const intl = useIntl();
  const notify = useNotify();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const changes = ownAccountChanges(account, v);
    const parsed = updateUserBody.safeParse(changes);
    // Every field's error at once.
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, changes);
    if (v.password && v.password !== v.confirm) found.confirm = intl.formatMessage({ id: 'form.passwordsDiffer' });
    if (needsCurrentPassword(changes) && !changes.currentPassword)
      found.currentPassword = intl.formatMessage({ id: 'form.required' });
    setErrors(found);
    setAlert(null);
    if (!parsed.success || Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    if (Object.keys(changes).length === 0) {
      notify({ kind: 'success', message: intl.formatMessage({ id: 'account.unchanged' }) });
      return;
    }
    await send(async () => {
      await write(() => updateUser(account.id, parsed.data), {
        update: (saved) => setQueryData<User>(keys.user(saved.id), () => saved),
        invalidate: [keys.users()],
      });
      for (const input of form.current?.querySelectorAll<HTMLInputElement>('input[type="password"]') ?? [])
        input.value = '';
      notify({ kind: 'success', message: intl.formatMessage({ id: 'account.saved' }) });
    });
  }

  return (
    <section aria-labelledby="myso-account-details" className="myso-section">
      <h2 id="myso-account-details">
        <FormattedMessage id="myso.account.details" />
      </h2>
      <FormAlert message={alert} />
      <form ref={form} key={account.id} noValidate onSubmit={(e) => void submit(e)} className="account-form">
        <TextField
          label={intl.formatMessage({ id: 'login.username' })}
          name="name"
          autoComplete="username"
          required
          maxLength={LIMITS.name}
          defaultValue={account.name}
          error={errors.name}
        />
        <TextField
          label={intl.formatMessage({ id: 'register.email' })}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={account.email ?? ''}
          error={errors.email}
        />
        <div className="field-row">
          <TextField
            label={intl.formatMessage({ id: 'register.firstName' })}
            name="firstName"
            autoComplete="given-name"
            maxLength={LIMITS.name}
            defaultValue={account.firstName}
            error={errors.firstName}
          />
          <TextField
            label={intl.formatMessage({ id: 'register.lastName' })}
            name="lastName"
            autoComplete="family-name"
            maxLength={LIMITS.name}
            defaultValue={account.lastName}
            error={errors.lastName}
          />
        </div>
        <div className="field">
          <label htmlFor="myso-account-locale">
            <FormattedMessage id="myso.account.mailLanguage" />
          </label>
          <select id="myso-account-locale" name="locale" defaultValue={account.locale ?? 'en-US'}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {intl.formatMessage({ id: `shell.language.${l}` })}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>
            <FormattedMessage id="account.changePassword" />
          </legend>
          <NewPasswordFields
            label={intl.formatMessage({ id: 'reset.password' })}
            hint={intl.formatMessage({ id: 'account.passwordHint' }, { min: LIMITS.password.min })}
            required={false}
            errors={errors}
          />
        </fieldset>
        <TextField
          label={intl.formatMessage({ id: 'account.currentPassword' })}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint={intl.formatMessage({ id: 'account.currentPasswordHint' })}
          error={errors.currentPassword}
        />
        <button type="submit" className="button" disabled={busy}>
          <FormattedMessage id="account.save" />
        </button>
      </form>
    </section>
  );
}

/** Delete my account: a confirmation with the password, then signed out and back home. */
function DeleteAccount({ account }: { account: User }) {
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
