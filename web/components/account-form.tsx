// One's own account form (GET/PUT /users/{id}), on the kit's useForm (docs/decisions/023-screen-kit.md): the names,
// e-mail and a new password, with the username and the language of the mails where the screen shows them; a new
// name, e-mail or password goes with the current password, as the server asks (docs/decisions/003). The editor
// workspace's Account section (routes/myaccount/) and every user's Account page (routes/mySO/account/) use it.
import { useId, useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { User } from '#schema/entities';
import type { Locale } from '#schema/enums';
import { LIMITS, updateUserBody } from '#schema/requests';
import { canRetry, errorText } from './error-text';
import { getUser, updateUser } from '../api/users';
import { setQueryData, useQuery, write } from '../data/cache';
import { keys } from '../data/keys';
import { LOCALES } from '../i18n';
import { FormAlert, NewPasswordFields, TextField } from './form';
import { useNotify } from './notifications';
import { useForm, type Form } from './screen-kit/use-form';
import { useSession } from '../session/session';
import { LoadingLine, RetryPanel } from './view-state';

/** The signed-in user's account, loaded: `children` gets it; before, a status line, or the failure with a retry. */
export function OwnAccount({ children }: { children: (account: User) => ReactNode }) {
  const intl = useIntl();
  const { user } = useSession();
  const userId = user?.id;
  const query = useQuery(userId ? keys.user(userId) : null, () => getUser(userId!));
  const account = query.data ?? null;
  const failed = query.status === 'error';
  return (
    <>
      {failed && (
        <RetryPanel
          message={errorText(query.error, intl)}
          onRetry={canRetry(query.error) ? query.reload : undefined}
          retrying={query.validating}
        />
      )}
      {!account && !failed && <LoadingLine />}
      {account && children(account)}
    </>
  );
}

export interface AccountValues {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: string;
  password: string;
  confirm: string;
  currentPassword: string;
}

export const accountValues = (a: User): AccountValues => ({
  name: a.name,
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email ?? '',
  locale: a.locale ?? 'en-US',
  password: '',
  confirm: '',
  currentPassword: '',
});

/** Only what changed goes to the server; an empty password field keeps the password. */
export function accountChanges(current: User, v: Partial<AccountValues>) {
  const changes: {
    name?: string;
    firstName?: string;
    lastName?: string;
    email?: string | null;
    locale?: Locale;
    password?: string;
    currentPassword?: string;
  } = {};
  const email = (v.email ?? '').trim() || null;
  if (v.name !== undefined && v.name.trim() !== current.name) changes.name = v.name.trim();
  if ((v.firstName ?? '') !== current.firstName) changes.firstName = v.firstName ?? '';
  if ((v.lastName ?? '') !== current.lastName) changes.lastName = v.lastName ?? '';
  if (email !== current.email) changes.email = email;
  if (v.locale && v.locale !== (current.locale ?? 'en-US')) changes.locale = v.locale as Locale;
  if (v.password) changes.password = v.password;
  if ((changes.email !== undefined || changes.password) && v.currentPassword)
    changes.currentPassword = v.currentPassword;
  return changes;
}

/** Whether the changes need the current password, which the form did not get. */
const lacksCurrentPassword = (changes: ReturnType<typeof accountChanges>) =>
  (changes.email !== undefined || changes.password !== undefined) && !changes.currentPassword;

/**
 * What a save says: a new password is named, with the other sessions it signed out (the server counts them), since
 * "saved" would hide that the other devices now ask to sign in again.
 */
function savedMessage(intl: IntlShape, newPassword: boolean, sessionsEnded: number | undefined): string {
  if (!newPassword) return intl.formatMessage({ id: 'account.saved' });
  const changed = intl.formatMessage({ id: 'account.passwordChanged' });
  if (!sessionsEnded) return changed;
  return `${changed} ${intl.formatMessage({ id: 'account.otherSessionsEnded' }, { count: sessionsEnded })}`;
}

export interface AccountFormProps {
  account: User;
  /** Shows the username field (the workspace shows the name as a fact instead). */
  withName?: boolean;
  /** Shows the language of the mails (its label is in the account catalogue, ./account-messages.tsx). */
  withLocale?: boolean;
  /** The leave guard's question; without it, leaving never asks. */
  leaveMessage?: string;
}

/** The account's form with its save button; the form alert shows a refusal. */
export function AccountForm({ account, withName = false, withLocale = false, leaveMessage }: AccountFormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const notify = useNotify();
  const initial = useMemo(() => accountValues(account), [account]);
  const form = useForm({ initial, leaveMessage });
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
      const { sessionsEnded } = await write(() => updateUser(account.id, valid), {
        update: ({ sessionsEnded: _, ...saved }) => setQueryData<User>(keys.user(saved.id), () => saved),
        invalidate: [keys.users()],
      });
      form.setValues((v) => ({ ...v, password: '', confirm: '', currentPassword: '' }));
      notify({ kind: 'success', message: savedMessage(intl, valid.password !== undefined, sessionsEnded) });
    });
  }

  return (
    <>
      <FormAlert message={form.alert} />
      <form ref={formElement} noValidate onSubmit={form.onSubmit(submit)} className="account-form">
        <AccountFields form={form} withName={withName} withLocale={withLocale} />
        <button type="submit" className="button" disabled={form.busy}>
          <FormattedMessage id="account.save" />
        </button>
      </form>
      {form.leaveDialog}
    </>
  );
}

export function AccountFields({
  form,
  withName,
  withLocale,
}: {
  form: Form<AccountValues>;
  withName: boolean;
  withLocale: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const localeId = useId();
  const { values, set, errors } = form;
  const text = (field: keyof AccountValues) => ({
    name: field,
    value: values[field],
    onChange: (e: { currentTarget: HTMLInputElement }) => set(field, e.currentTarget.value),
    error: errors[field],
  });
  return (
    <>
      {withName && (
        <TextField
          label={t('login.username')}
          autoComplete="username"
          required
          maxLength={LIMITS.name}
          {...text('name')}
        />
      )}
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
      {withLocale && (
        <div className="field">
          <label htmlFor={localeId}>
            <FormattedMessage id="myso.account.mailLanguage" />
          </label>
          <select
            id={localeId}
            name="locale"
            value={values.locale}
            onChange={(e) => set('locale', e.currentTarget.value)}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`shell.language.${l}`)}
              </option>
            ))}
          </select>
        </div>
      )}
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
