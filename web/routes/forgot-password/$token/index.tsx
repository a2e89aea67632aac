// /forgot-password/:token: the link from the reset mail; sets a new password.
import { useRef, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { LIMITS, resetPasswordBody } from '#schema/requests';
import { resetPassword } from '#web/api/users';
import { AuthPanel, type AuthLinks } from '#web/components/auth-panel';
import { NewPasswordFields, formValues, issuesToFieldErrors, useFormState } from '#web/components/form';
import { useNotify } from '#web/components/notifications';

const LINKS: AuthLinks = [{ to: '/forgot-password', id: 'reset.again' }];

export default function ResetPasswordView() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const state = useFormState(form);
  const { errors, send, check } = state;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const parsed = resetPasswordBody.safeParse({ token, password: v.password ?? '' });
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, v);
    if (!found.password && v.password !== v.confirm) found.confirm = intl.formatMessage({ id: 'form.passwordsDiffer' });
    const badLink = found.token ? intl.formatMessage({ id: 'reset.badLink' }) : null;
    if (!check(found, { valid: parsed.success, alert: badLink }) || !parsed.success) return;
    await send(
      async () => {
        await resetPassword(parsed.data.token, parsed.data.password);
        notify({ kind: 'success', message: intl.formatMessage({ id: 'reset.done' }) });
        void navigate('/login', { replace: true });
      },
      { keepBusy: true },
    );
  }

  return (
    <AuthPanel page="reset" form={form} state={state} onSubmit={submit} links={LINKS}>
      <NewPasswordFields
        label={intl.formatMessage({ id: 'reset.password' })}
        hint={intl.formatMessage({ id: 'form.passwordHint' }, { min: LIMITS.password.min })}
        required
        errors={errors}
      />
    </AuthPanel>
  );
}
