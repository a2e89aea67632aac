// Form building blocks shared by the shell's screens: labelled fields with their errors, zod issues
// turned into translated messages, and the alert that says what the server answered, in the person's words
// (./error-text.ts: the server's refused fields go beside their fields, by path).
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type TextareaHTMLAttributes,
} from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type * as z from 'zod/mini';
import { useHydrated } from '../data/seed';
import { formRefusal, type FieldErrors } from './error-text';

export type { FieldErrors };

/** One translated message per field (the first issue of each), from a failed zod parse of `values`. */
export function issuesToFieldErrors(
  error: z.core.$ZodError,
  intl: IntlShape,
  values?: Record<string, unknown>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    // An empty field is missing, whatever format it would have needed.
    const empty = typeof values?.[field] === 'string' && values[field].trim() === '';
    errors[field] = empty ? intl.formatMessage({ id: 'form.required' }) : issueMessage(issue, intl);
  }
  return errors;
}

function issueMessage(issue: z.core.$ZodIssue, intl: IntlShape): string {
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? intl.formatMessage({ id: 'form.required' })
        : intl.formatMessage({ id: 'form.tooShort' }, { min: Number(issue.minimum) });
    case 'too_big':
      return intl.formatMessage({ id: 'form.tooLong' }, { max: Number(issue.maximum) });
    case 'invalid_format':
      return intl.formatMessage({ id: issue.format === 'email' ? 'form.invalidEmail' : 'form.invalid' });
    case 'custom':
      return intl.formatMessage({ id: 'form.required' });
    default:
      return intl.formatMessage({ id: 'form.invalid' });
  }
}

interface FieldProps {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
}

/** A field's hint and error under its control, with the ids `describedBy` names (`id` is the control's). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** The label, hint and error around a field's control (`id` is the control's). */
export function FieldFrame({
  label,
  error,
  hint,
  required = false,
  id,
  children,
}: Omit<FieldProps, 'name'> & { id: string; children: ReactNode }) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The aria-describedby of a control whose notes are FieldNotes. */
export function describedBy(id: string, props: Pick<FieldProps, 'hint' | 'error'>): string | undefined {
  const ids = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The props every control gets from its field: id, name, required, and the invalid state with its notes. */
function useControl(props: FieldProps) {
  const id = useId();
  const control = {
    id,
    name: props.name,
    required: props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy(id, props),
  };
  const frame = { label: props.label, error: props.error, hint: props.hint, required: props.required ?? false, id };
  return { control, frame };
}

export function TextField(props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { label: _l, name: _n, error: _e, hint: _h, required: _r, ...input } = props;
  const { control, frame } = useControl(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} {...input} />
    </FieldFrame>
  );
}

export function TextArea(props: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const { label: _l, name: _n, error: _e, hint: _h, required: _r, ...area } = props;
  const { control, frame } = useControl(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} {...area} />
    </FieldFrame>
  );
}

/**
 * A new password and its confirmation, as registration, reset and the account form ask for them; controlled when
 * `values` and `onChange` are given (the screen kit's forms), else read from the form on submit.
 */
export function NewPasswordFields({
  label,
  hint,
  required,
  errors,
  values,
  onChange,
}: {
  label: string;
  hint: string;
  required: boolean;
  errors: FieldErrors;
  values?: { password: string; confirm: string };
  onChange?: (field: 'password' | 'confirm', value: string) => void;
}) {
  const intl = useIntl();
  const control = (field: 'password' | 'confirm') =>
    values && onChange
      ? {
          value: values[field],
          onChange: (e: { currentTarget: HTMLInputElement }) => onChange(field, e.currentTarget.value),
        }
      : {};
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required={required}
        hint={hint}
        error={errors.password}
        {...control('password')}
      />
      <TextField
        label={intl.formatMessage({ id: 'form.confirmPassword' })}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required={required}
        error={errors.confirm}
        {...control('confirm')}
      />
    </>
  );
}

/**
 * What every form screen keeps: field errors, the server's refusal (the alert) and whether a send is under way.
 * `send` runs the server call; its failure's refused fields go beside them (the focus to the first, inside `form`),
 * the rest into the alert. A screen that navigates away on success passes `keepBusy` so the form stays disabled
 * until it is gone.
 */
export function useFormState(form?: RefObject<HTMLFormElement | null>) {
  const intl = useIntl();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A server-rendered form is busy until its script runs (useHydrated): its submit button stays disabled, since a
  // click before would submit the bare HTML form (its fields, a password too, in the URL of a GET).
  const hydrated = useHydrated();
  async function send(action: () => Promise<void>, { keepBusy = false } = {}): Promise<void> {
    setBusy(true);
    try {
      await action();
      if (!keepBusy) setBusy(false);
    } catch (err) {
      const refusal = formRefusal(err, intl);
      if (Object.keys(refusal.fields).length > 0) setErrors(refusal.fields);
      setAlert(refusal.alert);
      setBusy(false);
      focusFirstInvalid(form?.current ?? null);
    }
  }
  /**
   * Shows what the browser found before sending: each field's error, and `alert` (or none). False, with the focus
   * on the first invalid field, when a field (or the schema: `valid`) failed; false, asking for the challenge, when
   * Turnstile wants one that is not solved yet.
   */
  function check(
    found: FieldErrors,
    options: { valid?: boolean; alert?: string | null; challenge?: { required: boolean; token: string | null } } = {},
  ): boolean {
    setErrors(found);
    setAlert(options.alert ?? null);
    if (options.valid === false || Object.keys(found).length > 0) {
      focusFirstInvalid(form?.current ?? null);
      return false;
    }
    if (options.challenge?.required && !options.challenge.token) {
      setAlert(intl.formatMessage({ id: 'form.challengeRequired' }));
      return false;
    }
    return true;
  }
  return { errors, setErrors, alert, setAlert, busy: busy || !hydrated, send, check };
}

/**
 * The server's refusal, shown above the form and announced. Without JavaScript the form cannot send (its button
 * stays disabled, see useFormState): a <noscript> note says so instead of leaving the visitor guessing.
 */
export function FormAlert({ message }: { message: string | null }) {
  const intl = useIntl();
  return (
    <>
      <noscript>
        <p className="form-alert">{intl.formatMessage({ id: 'form.needsJavaScript' })}</p>
      </noscript>
      <div className="form-alert-region" role="alert">
        {message && <p className="form-alert">{message}</p>}
      </div>
    </>
  );
}

/** The values of a form's named fields, trimmed of nothing: validation decides. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

/**
 * After a failed submit, the focus goes to the form's first invalid field, scrolled so that the error beside it shows
 * too (a phone's screen is short); without one (a refusal no field shows), back to the submit button, which the send
 * had disabled (the focus would be left on <body>).
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // A browser may run the next frame before React has committed the errors (and enabled the button again): look
  // again for a few frames until there is something to focus.
  let frames = 0;
  const attempt = () => {
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[type="submit"]:not(:disabled)');
    if (!target) {
      if (++frames < 20) requestAnimationFrame(attempt);
      return;
    }
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  };
  requestAnimationFrame(attempt);
}
