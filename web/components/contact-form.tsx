// The contact and order-channel form: validated in the browser with the server's own schema, then POST /api/contact.
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CONTACT_KINDS } from '#schema/enums';
import { contactBody, LIMITS } from '#schema/requests';
import { sendContact } from '../api/contact';
import { FormAlert, TextArea, TextField, formValues, issuesToFieldErrors, useFormState } from './form';
import { useNotify } from './notifications';
import { useTurnstile } from './turnstile';

type ContactKind = (typeof CONTACT_KINDS)[number];

export const MESSAGE_MAX = 5_000;
export const PURPOSE_MAX = 2_000;

export function ContactForm({ kind }: { kind: ContactKind }) {
  const intl = useIntl();
  const notify = useNotify();
  const form = useRef<HTMLFormElement>(null);
  const { errors, alert, busy, send, check } = useFormState(form);
  const turnstile = useTurnstile();
  const [sent, setSent] = useState(false);
  const order = kind === 'orderChannel';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const body = {
      kind,
      name: v.name ?? '',
      email: (v.email ?? '').trim(),
      message: v.message ?? '',
      ...(order ? { channelName: v.channelName ?? '', purpose: v.purpose ?? '' } : {}),
    };
    const parsed = contactBody.safeParse(body);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body);
    if (!check(found, { valid: parsed.success, challenge: turnstile }) || !parsed.success) return;
    await send(async () => {
      await sendContact(parsed.data, turnstile.token).finally(turnstile.reset);
      setSent(true);
      form.current?.reset();
      notify({ kind: 'success', message: intl.formatMessage({ id: 'contactForm.sent' }) });
    });
  }

  const label = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <div role="status">
        {sent && (
          <p className="form-success">
            <FormattedMessage id="contactForm.thanks" />
          </p>
        )}
      </div>
      <FormAlert message={alert} />
      <form ref={form} className="contact-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="field-row">
          <TextField
            label={label('contactForm.name')}
            name="name"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            error={errors.name}
          />
          <TextField
            label={label('contactForm.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={errors.email}
          />
        </div>
        {order && (
          <>
            <TextField
              label={label('contactForm.channelName')}
              name="channelName"
              required
              maxLength={LIMITS.title}
              error={errors.channelName}
            />
            <TextArea
              label={label('contactForm.purpose')}
              name="purpose"
              rows={3}
              maxLength={PURPOSE_MAX}
              error={errors.purpose}
            />
          </>
        )}
        <TextArea
          label={label('contactForm.message')}
          name="message"
          rows={6}
          required
          maxLength={MESSAGE_MAX}
          error={errors.message}
        />
        {turnstile.widget}
        <button type="submit" className="button" disabled={busy}>
          <FormattedMessage id={order ? 'contactForm.submitOrder' : 'contactForm.submit'} />
        </button>
      </form>
    </>
  );
}
