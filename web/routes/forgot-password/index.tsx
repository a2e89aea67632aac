// /forgot-password: asks for the account's mail address; the server mails a reset link.
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { mailBody } from '#schema/requests';
import { mail } from '#web/api/users';
import { AuthPanel, type AuthLinks } from '#web/components/auth-panel';
import { TextField, formValues, issuesToFieldErrors, useFormState } from '#web/components/form';
import { useTurnstile } from '#web/components/turnstile';

const LINKS: AuthLinks = [{ to: '/login', id: 'forgot.back' }];

export default function ForgotPasswordView() {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  const state = useFormState(form);
  const { errors, send, check } = state;
  const turnstile = useTurnstile();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { email: (formValues(e.currentTarget).email ?? '').trim() };
    const parsed = mailBody.safeParse(body);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body);
    if (!check(found, { valid: parsed.success, challenge: turnstile }) || !parsed.success) return;
    await send(async () => {
      await mail(parsed.data.email, turnstile.token).finally(turnstile.reset);
      setSentTo(parsed.data.email);
    });
  }

  const status = (
    <div role="status">
      {sentTo && (
        <p className="form-success">
          <FormattedMessage id="forgot.sent" values={{ email: sentTo }} />
        </p>
      )}
    </div>
  );
  return (
    <AuthPanel
      page="forgot"
      intro
      status={status}
      sent={sentTo !== null}
      form={form}
      state={state}
      onSubmit={submit}
      links={LINKS}
    >
      <TextField
        label={intl.formatMessage({ id: 'register.email' })}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      {turnstile.widget}
    </AuthPanel>
  );
}
