// /login: sign in with username and password, then back to where the visitor came from.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { AuthPanel, useSignInForm, type AuthLinks } from '#web/components/auth-panel';
import { TextField, formValues, type FieldErrors } from '#web/components/form';
import { ApiError, ShownError } from '#web/api/errors';
import { AccountMessages } from '#web/components/account-messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { useTurnstile } from '#web/components/turnstile';

/** Only paths of this site are followed after sign-in. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')
    ? from
    : '/';
}

const LINKS: AuthLinks = [
  { to: '/forgot-password', id: 'login.forgot' },
  { to: '/register', id: 'login.register' },
];

export default withMessages(AccountMessages, LoginViewForm);

function LoginViewForm() {
  const { intl, login, notify, navigate, form, state } = useSignInForm();
  const location = useLocation();
  const { errors, send, check } = state;
  // The server asks for a challenge only after too many failed sign-ins from unknown devices (decision 003).
  const [challenged, setChallenged] = useState(false);
  const turnstile = useTurnstile(challenged);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { username = '', password = '' } = formValues(e.currentTarget);
    const found: FieldErrors = {};
    if (!username.trim()) found.username = intl.formatMessage({ id: 'form.required' });
    if (!password) found.password = intl.formatMessage({ id: 'form.required' });
    if (!check(found, { challenge: turnstile })) return;
    await send(
      async () => {
        const user = await login(username.trim(), password, turnstile.token)
          .catch((err: unknown) => {
            if (err instanceof ApiError && err.code === 429) setChallenged(true);
            // Only said after the right password (the server's rule); in the reader's language.
            if (err instanceof ApiError && err.code === 403)
              throw new ShownError(intl.formatMessage({ id: 'login.deactivated' }));
            if (err instanceof ApiError && err.code === 401)
              throw new ShownError(intl.formatMessage({ id: 'login.failed' }));
            throw err;
          })
          .finally(turnstile.reset);
        notify({ kind: 'success', message: intl.formatMessage({ id: 'login.welcome' }, { name: user.name }) });
        void navigate(returnPath(location.state), { replace: true });
      },
      { keepBusy: true },
    );
  }

  return (
    <AuthPanel page="login" form={form} state={state} onSubmit={submit} links={LINKS}>
      <TextField
        label={intl.formatMessage({ id: 'login.username' })}
        name="username"
        autoComplete="username"
        required
        error={errors.username}
      />
      <TextField
        label={intl.formatMessage({ id: 'login.password' })}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      {turnstile.widget}
    </AuthPanel>
  );
}
