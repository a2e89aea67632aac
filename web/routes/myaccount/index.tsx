// /myaccount: the editor workspace's Account section, the signed-in editor's or admin's own details
// (GET/PUT /users/{id}); the links to the other sections (Articles, Channels, ...) start here.
import { useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '../../../schema/entities';
import { LIMITS, updateUserBody } from '../../../schema/requests';
import { ApiError } from '../../api/errors';
import { getUser, updateUser } from '../../api/users';
import {
  FormAlert,
  NewPasswordFields,
  TextField,
  focusFirstInvalid,
  formValues,
  issuesToFieldErrors,
  useFormState,
} from '../../components/form';
import { useNotify } from '../../components/notifications';
import { setQueryData, useQuery, write } from '../../data/cache';
import { keys } from '../../data/keys';
import { useSession } from '../../session/session';
import { useDocumentTitle, WorkspaceNav } from '../../components/workspace/frame';
import { WorkspaceMessages } from '../../components/workspace/messages';
import { SessionsSection } from './sessions';

/**
 * Only what changed goes to the server; an empty password field keeps the password. A new e-mail or
 * password goes with the current password, which the server asks for (docs/decisions/003).
 */
export function accountChanges(current: User, v: Record<string, string>) {
  const changes: {
    firstName?: string;
    lastName?: string;
    email?: string | null;
    password?: string;
    currentPassword?: string;
  } = {};
  const email = (v.email ?? '').trim() || null;
  if ((v.firstName ?? '') !== current.firstName) changes.firstName = v.firstName ?? '';
  if ((v.lastName ?? '') !== current.lastName) changes.lastName = v.lastName ?? '';
  if (email !== current.email) changes.email = email;
  if (v.password) changes.password = v.password;
  if ((changes.email !== undefined || changes.password) && v.currentPassword)
    changes.currentPassword = v.currentPassword;
  return changes;
}

/** Whether the changes need the current password, which the form did not get. */
const lacksCurrentPassword = (changes: ReturnType<typeof accountChanges>) =>
  (changes.email !== undefined || changes.password !== undefined) && !changes.currentPassword;

export default function MyAccountView() {
  return (
    <WorkspaceMessages>
      <AccountSection />
    </WorkspaceMessages>
  );
}

function AccountSection() {
  const intl = useIntl();
  const notify = useNotify();
  const { user: sessionUser } = useSession();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();
  const userId = sessionUser?.id;
  useDocumentTitle(intl.formatMessage({ id: 'account.title' }));
  const query = useQuery(userId ? keys.user(userId) : null, () => getUser(userId!));
  const account = query.data ?? null;
  const loadError =
    query.status === 'error'
      ? query.error instanceof ApiError
        ? query.error.message
        : intl.formatMessage({ id: 'shell.error.title' })
      : null;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!account) return;
    const v = formValues(e.currentTarget);
    const changes = accountChanges(account, v);
    const parsed = updateUserBody.safeParse(changes);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl);
    if (!found.password && v.password && v.password !== v.confirm)
      found.confirm = intl.formatMessage({ id: 'form.passwordsDiffer' });
    if (lacksCurrentPassword(changes)) found.currentPassword = intl.formatMessage({ id: 'form.required' });
    setErrors(found);
    setAlert(null);
    if (!parsed.success || Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    if (Object.keys(changes).length === 0) {
      notify({ kind: 'success', message: intl.formatMessage({ id: 'account.unchanged' }) });
      return;
    }
    await send(async () => {
      // The admin's user list shows the same account.
      await write(() => updateUser(account.id, parsed.data), {
        update: (saved) => setQueryData<User>(keys.user(saved.id), () => saved),
        invalidate: [keys.users()],
      });
      const passwordInputs = form.current?.querySelectorAll<HTMLInputElement>('input[type="password"]') ?? [];
      for (const input of passwordInputs) input.value = '';
      notify({ kind: 'success', message: intl.formatMessage({ id: 'account.saved' }) });
    });
  }

  return (
    <div className="static-page">
      <h1>
        <FormattedMessage id="account.title" />
      </h1>
      <WorkspaceNav current="account" />
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
          <dl className="facts">
            <dt>
              <FormattedMessage id="login.username" />
            </dt>
            <dd>{account.name}</dd>
            <dt>
              <FormattedMessage id="account.role" />
            </dt>
            <dd>
              <FormattedMessage id={`role.${account.role}`} />
            </dd>
          </dl>
          <FormAlert message={alert} />
          <form ref={form} key={account.id} noValidate onSubmit={(e) => void submit(e)} className="account-form">
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
            <TextField
              label={intl.formatMessage({ id: 'register.email' })}
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={account.email ?? ''}
              error={errors.email}
            />
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
          <SessionsSection userId={account.id} />
        </>
      )}
    </div>
  );
}
