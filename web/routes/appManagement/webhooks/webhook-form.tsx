// The admin's webhook form: its URL and events, checked with the shared schemas; when editing, on/off and a new
// secret. The server makes the secret: the view shows it once after the save.
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { WEBHOOK_EVENTS, type WebhookEvent } from '#schema/enums';
import { WEBHOOK_URL_MAX, createWebhookBody, updateWebhookBody, type Webhook } from '#schema/webhooks';
import { AdminForm, SubmitCancel } from '../+shared/admin-kit';
import { FieldNotes, TextField } from '#web/components/form';
import { useForm } from '#web/components/screen-kit/use-form';
import { Checkbox } from '#web/components/workspace/fields';
import { addWebhook, changeWebhook } from '#web/data/webhooks';

/** The events in groups of the form: each entity's five, then the publication requests'. */
const GROUPS = ['article', 'channel', 'news', 'publication'] as const;

interface Values {
  url: string;
  events: WebhookEvent[];
  active: boolean;
  rotateSecret: boolean;
}

export function WebhookForm({
  webhook,
  onSaved,
  onCancel,
}: {
  /** The webhook to edit; none for a new one. */
  webhook?: Webhook;
  /** After the save: the webhook's URL and its secret when the server made one (new, or replaced). */
  onSaved: (url: string, secret: string | null) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [initial] = useState<Values>(() => ({
    url: webhook?.url ?? 'https://',
    events: webhook?.events ?? [],
    active: webhook?.active ?? true,
    rotateSecret: false,
  }));
  const form = useForm({ initial });
  const eventsId = useId();
  const { ref: formElement } = form;
  const { values, set, errors } = form;

  const toggle = (event: WebhookEvent, on: boolean) =>
    set(
      'events',
      WEBHOOK_EVENTS.filter((e) => (e === event ? on : values.events.includes(e))),
    );

  async function submit() {
    const body = { url: values.url.trim(), events: values.events };
    // The schema's own word for an empty list is the generic 'fill in this field'; a choice of boxes says so.
    const noEvent = { events: values.events.length === 0 ? t('admin.webhooks.chooseEvent') : undefined };
    if (!webhook) {
      const valid = form.validate(createWebhookBody, body, noEvent);
      if (!valid) return;
      await form.send(async () => {
        const made = await addWebhook(valid);
        onSaved(made.webhook.url, made.secret);
      });
      return;
    }
    const valid = form.validate(
      updateWebhookBody,
      {
        ...body,
        active: values.active,
        rotateSecret: values.rotateSecret || undefined,
      },
      noEvent,
    );
    if (!valid) return;
    await form.send(async () => {
      const changed = await changeWebhook(webhook.id, valid);
      onSaved(changed.webhook.url, changed.secret);
    });
  }

  return (
    <AdminForm
      formRef={formElement}
      title={webhook ? t('admin.webhooks.editOf', { url: webhook.url }) : t('admin.webhooks.new')}
      alert={form.alert}
      onSubmit={form.onSubmit(submit)}
    >
      <TextField
        label={t('admin.webhooks.url')}
        name="url"
        type="url"
        required
        maxLength={WEBHOOK_URL_MAX}
        autoComplete="off"
        hint={t('admin.webhooks.urlHint')}
        value={values.url}
        error={errors.url}
        onChange={(e) => set('url', e.currentTarget.value)}
      />
      <fieldset className="webhook-events" aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend>{t('admin.webhooks.events')}</legend>
        {GROUPS.map((group) => (
          <div key={group} className="webhook-event-group">
            {WEBHOOK_EVENTS.filter((e) => e.startsWith(`${group}.`)).map((event) => (
              <Checkbox
                key={event}
                name="events"
                label={t(`admin.webhooks.event.${event}`)}
                checked={values.events.includes(event)}
                onChange={(e) => toggle(event, e.currentTarget.checked)}
              />
            ))}
          </div>
        ))}
        <FieldNotes id={eventsId} error={errors.events} />
      </fieldset>
      {webhook && (
        <>
          <Checkbox
            label={t('admin.webhooks.activeLabel')}
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <Checkbox
            label={t('admin.webhooks.rotate')}
            hint={t('admin.webhooks.rotateHint')}
            checked={values.rotateSecret}
            onChange={(e) => set('rotateSecret', e.currentTarget.checked)}
          />
        </>
      )}
      <SubmitCancel
        busy={form.busy}
        submitLabel={webhook ? t('admin.webhooks.save') : t('admin.webhooks.create')}
        onCancel={onCancel}
      />
    </AdminForm>
  );
}
