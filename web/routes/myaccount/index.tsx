// /myaccount: the editor workspace's Account section, the signed-in editor's or admin's own details
// (GET/PUT /users/{id}); the links to the other sections (Articles, Channels, ...) start here.
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '../../../schema/entities';
import { LIMITS, updateUserBody } from '../../../schema/requests';
import { ApiError } from '../../api/errors';
import { getUser, updateUser } from '../../api/users';
import { FormAlert, NewPasswordFields, TextField } from '../../components/form';
import { useForm, type Form } from '../../components/screen-kit/use-form';
import { useNotify } from '../../components/notifications';
import { setQueryData, useQuery, write } from '../../data/cache';
import { keys } from '../../data/keys';
import { useSession } from '../../session/session';
import { useDocumentTitle, WorkspaceNav } from '../../components/workspace/frame';
import { WorkspaceMessages } from '../../components/workspace/messages';
import { SessionsSection } from './sessions';

interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
  currentPassword: string;
}

const accountValues = (a: User): AccountValues => ({
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email ?? '',
  password: '',
  confirm: '',
  currentPassword: '',
});

/**
 * Only what changed goes to the server; an empty password field keeps the password. A new e-mail or
 * password goes with the current password, which the server asks for (docs/decisions/003).
 */
export function accountChanges(current: User, v: Partial<AccountValues>) {
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
  const { user: sessionUser } = useSession();
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
          <AccountForm key={account.id} account={account} />
          <SessionsSection userId={account.id} />
        </>
      )}
    </div>
  );
}

/** The account's names, e-mail and password; a new e-mail or password asks for the current password. */
function AccountForm({ account }: { account: User }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const notify = useNotify();
  const initial = useMemo(() => accountValues(account), [account]);
  const form = useForm({ initial, leaveMessage: t('ws.leave') });
  const { ref: formElement } = form;

  async function submit() {
    const { values } = form;
    const changes = accountChanges(account, values);
    const extra = {
      confirm: values.password && values.password !== values.confirm ? t('form.passwordsDiffer') : undefined,
      currentPassword: lacksCurrentPassword(changes) ? t('form.required') : undefined,
    };
    const valid = form.validate(updateUserBody, changes, extra);
    if (!valid) return;
    if (Object.keys(changes).length === 0) {
      notify({ kind: 'success', message: t('account.unchanged') });
      return;
    }
    await form.send(async () => {
      // The admin's user list shows the same account.
      await write(() => updateUser(account.id, valid), {
        update: (saved) => setQueryData<User>(keys.user(saved.id), () => saved),
        invalidate: [keys.users()],
      });
      form.setValues((v) => ({ ...v, password: '', confirm: '', currentPassword: '' }));
      notify({ kind: 'success', message: t('account.saved') });
    });
  }

  return (
    <>
      <FormAlert message={form.alert} />
      <form ref={formElement} noValidate onSubmit={form.onSubmit(submit)} className="account-form">
        <AccountFields form={form} />
        <button type="submit" className="button" disabled={form.busy}>
          <FormattedMessage id="account.save" />
        </button>
      </form>
    </>
  );
}

function AccountFields({ form }: { form: Form<AccountValues> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { values, set, errors } = form;
  const text = (field: keyof AccountValues) => ({
    name: field,
    value: values[field],
    onChange: (e: { currentTarget: HTMLInputElement }) => set(field, e.currentTarget.value),
    error: errors[field],
  });
  return (
    <>
      <div className="field-row">
        <TextField
          label={t('register.firstName')}
          autoComplete="given-name"
          maxLength={LIMITS.name}
          {...text('firstName')}
        />
        <TextField
          label={t('register.lastName')}
          autoComplete="family-name"
          maxLength={LIMITS.name}
          {...text('lastName')}
        />
      </div>
      <TextField label={t('register.email')} type="email" autoComplete="email" {...text('email')} />
      <fieldset>
        <legend>
          <FormattedMessage id="account.changePassword" />
        </legend>
        <NewPasswordFields
          label={t('reset.password')}
          hint={t('account.passwordHint', { min: LIMITS.password.min })}
          required={false}
          errors={errors}
          values={{ password: values.password, confirm: values.confirm }}
          onChange={(field, value) => set(field, value)}
        />
      </fieldset>
      <TextField
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        hint={t('account.currentPasswordHint')}
        {...text('currentPassword')}
      />
    </>
  );
}
