// /forgot-password/:token: the link from the reset mail; sets a new password.
import { useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS, resetPasswordBody } from '../../../../schema/requests';
import { resetPassword } from '../../../api/users';
import {
  FormAlert,
  NewPasswordFields,
  focusFirstInvalid,
  formValues,
  issuesToFieldErrors,
  useFormState,
} from '../../../components/form';
import { useNotify } from '../../../components/notifications';

export default function ResetPasswordView() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState(form);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const parsed = resetPasswordBody.safeParse({ token, password: v.password ?? '' });
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, v);
    if (!found.password && v.password !== v.confirm) found.confirm = intl.formatMessage({ id: 'form.passwordsDiffer' });
    setAlert(found.token ? intl.formatMessage({ id: 'reset.badLink' }) : null);
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return focusFirstInvalid(form.current);
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
    <div className="panel auth-panel">
      <h1>
        <FormattedMessage id="reset.title" />
      </h1>
      <FormAlert message={alert} />
      <form ref={form} noValidate onSubmit={(e) => void submit(e)}>
        <NewPasswordFields
          label={intl.formatMessage({ id: 'reset.password' })}
          hint={intl.formatMessage({ id: 'form.passwordHint' }, { min: LIMITS.password.min })}
          required
          errors={errors}
        />
        <button type="submit" className="button" disabled={busy}>
          <FormattedMessage id="reset.submit" />
        </button>
      </form>
      <p className="auth-links">
        <Link to="/forgot-password">
          <FormattedMessage id="reset.again" />
        </Link>
      </p>
    </div>
  );
}
