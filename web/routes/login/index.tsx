// /login: sign in with username and password, then back to where the visitor came from.
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  FormAlert,
  TextField,
  focusFirstInvalid,
  formValues,
  type FieldErrors,
  useFormState,
} from '../../components/form';
import { ApiError, ShownError } from '../../api/errors';
import { AccountMessages } from '../../components/account-messages';
import { useNotify } from '../../components/notifications';
import { useTurnstile } from '../../components/turnstile';
import { useSession } from '../../session/session';

/** Only paths of this site are followed after sign-in. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')
    ? from
    : '/';
}

export default function LoginView() {
  return (
    <AccountMessages>
      <LoginViewForm />
    </AccountMessages>
  );
}

function LoginViewForm() {
  const intl = useIntl();
  const { login } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState(form);
  // The server asks for a challenge only after too many failed sign-ins from unknown devices (decision 003).
  const [challenged, setChallenged] = useState(false);
  const turnstile = useTurnstile(challenged);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { username = '', password = '' } = formValues(e.currentTarget);
    const found: FieldErrors = {};
    if (!username.trim()) found.username = intl.formatMessage({ id: 'form.required' });
    if (!password) found.password = intl.formatMessage({ id: 'form.required' });
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    if (turnstile.required && !turnstile.token) return setAlert(intl.formatMessage({ id: 'form.challengeRequired' }));
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
    <div className="panel auth-panel">
      <h1>
        <FormattedMessage id="login.title" />
      </h1>
      <FormAlert message={alert} />
      <form ref={form} noValidate onSubmit={(e) => void submit(e)}>
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
        <button type="submit" className="button" disabled={busy}>
          <FormattedMessage id="login.submit" />
        </button>
      </form>
      <p className="auth-links">
        <Link to="/forgot-password">
          <FormattedMessage id="login.forgot" />
        </Link>
        <Link to="/register">
          <FormattedMessage id="login.register" />
        </Link>
      </p>
    </div>
  );
}
