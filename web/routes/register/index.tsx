// /register: a new reader account (the server gives it REGULAR_USER), signed in right away.
import { type FormEvent } from 'react';
import { createUserBody, LIMITS } from '#schema/requests';
import { register } from '#web/api/users';
import { AuthPanel, useSignInForm, type AuthLinks } from '#web/components/auth-panel';
import { NewPasswordFields, TextField, formValues, issuesToFieldErrors } from '#web/components/form';
import { AccountMessages } from '#web/components/account-messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { useLocale } from '#web/i18n';
import { useTurnstile } from '#web/components/turnstile';

const LINKS: AuthLinks = [{ to: '/login', id: 'register.haveAccount' }];

export default withMessages(AccountMessages, RegisterViewForm);

function RegisterViewForm() {
  const { intl, login, notify, navigate, form, state } = useSignInForm();
  const { errors, send, check } = state;
  const { locale } = useLocale();
  const turnstile = useTurnstile();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const body = {
      name: v.name ?? '',
      email: v.email?.trim() ? v.email.trim() : null,
      password: v.password ?? '',
      firstName: v.firstName ?? '',
      lastName: v.lastName ?? '',
      locale,
    };
    const parsed = createUserBody.safeParse(body);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body);
    // Every field's error at once: a short password does not hide a differing confirmation.
    if (v.password !== v.confirm) found.confirm = intl.formatMessage({ id: 'form.passwordsDiffer' });
    if (!check(found, { valid: parsed.success, challenge: turnstile }) || !parsed.success) return;
    await send(
      async () => {
        // A taken name comes back as an issue and is shown at its field. A taken e-mail is never said (issue 27 §8):
        // the server answers as for a free one and mails the address's owner; the field's hint tells so beforehand.
        const created = await register(parsed.data, turnstile.token).finally(turnstile.reset);
        await login(created.name, body.password);
        notify({ kind: 'success', message: intl.formatMessage({ id: 'register.done' }, { name: created.name }) });
        void navigate('/mySO', { replace: true });
      },
      { keepBusy: true },
    );
  }

  return (
    <AuthPanel page="register" intro form={form} state={state} onSubmit={submit} links={LINKS}>
      <TextField
        label={intl.formatMessage({ id: 'login.username' })}
        name="name"
        autoComplete="username"
        required
        minLength={LIMITS.userNameMin}
        maxLength={LIMITS.name}
        hint={intl.formatMessage({ id: 'register.nameHint' }, { min: LIMITS.userNameMin })}
        error={errors.name}
      />
      <TextField
        label={intl.formatMessage({ id: 'register.email' })}
        name="email"
        type="email"
        autoComplete="email"
        hint={intl.formatMessage({ id: 'register.emailHint' })}
        error={errors.email}
      />
      <div className="field-row">
        <TextField
          label={intl.formatMessage({ id: 'register.firstName' })}
          name="firstName"
          autoComplete="given-name"
          maxLength={LIMITS.name}
          error={errors.firstName}
        />
        <TextField
          label={intl.formatMessage({ id: 'register.lastName' })}
          name="lastName"
          autoComplete="family-name"
          maxLength={LIMITS.name}
          error={errors.lastName}
        />
      </div>
      <NewPasswordFields
        label={intl.formatMessage({ id: 'login.password' })}
        hint={intl.formatMessage({ id: 'form.passwordHint' }, { min: LIMITS.password.min })}
        required
        errors={errors}
      />
      {turnstile.widget}
    </AuthPanel>
  );
}
