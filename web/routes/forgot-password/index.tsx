// /forgot-password: asks for the account's mail address; the server mails a reset link.
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { mailBody } from '../../../schema/requests';
import { mail } from '../../api/users';
import {
  FormAlert,
  TextField,
  focusFirstInvalid,
  formValues,
  issuesToFieldErrors,
  useFormState,
} from '../../components/form';
import { useTurnstile } from '../../components/turnstile';

export default function ForgotPasswordView() {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState(form);
  const turnstile = useTurnstile();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { email: (formValues(e.currentTarget).email ?? '').trim() };
    const parsed = mailBody.safeParse(body);
    setErrors(parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body));
    setAlert(null);
    if (!parsed.success) return focusFirstInvalid(form.current);
    if (turnstile.required && !turnstile.token) return setAlert(intl.formatMessage({ id: 'form.challengeRequired' }));
    await send(async () => {
      await mail(parsed.data.email, turnstile.token).finally(turnstile.reset);
      setSentTo(parsed.data.email);
    });
  }

  return (
    <div className="panel auth-panel">
      <h1>
        <FormattedMessage id="forgot.title" />
      </h1>
      <div role="status">
        {sentTo && (
          <p className="form-success">
            <FormattedMessage id="forgot.sent" values={{ email: sentTo }} />
          </p>
        )}
      </div>
      {!sentTo && (
        <>
          <p>
            <FormattedMessage id="forgot.intro" />
          </p>
          <FormAlert message={alert} />
          <form ref={form} noValidate onSubmit={(e) => void submit(e)}>
            <TextField
              label={intl.formatMessage({ id: 'register.email' })}
              name="email"
              type="email"
              autoComplete="email"
              required
              error={errors.email}
            />
            {turnstile.widget}
            <button type="submit" className="button" disabled={busy}>
              <FormattedMessage id="forgot.submit" />
            </button>
          </form>
        </>
      )}
      <p className="auth-links">
        <Link to="/login">
          <FormattedMessage id="forgot.back" />
        </Link>
      </p>
    </div>
  );
}
