// /appManagement/webhooks: where the portal POSTs its events (decision 035). The list of webhooks; add and edit
// (the secret the server makes is shown once, right after); delete after a confirmation; a test ping; and each
// webhook's newest deliveries with their status, attempts and response, a failed one retried by hand.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Webhook } from '#schema/webhooks';
import { Section, useAct, useBusy, useErrorText } from '../+shared/admin-kit';
import { useNotify } from '#web/components/notifications';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { DataTable, type Column, RowButton } from '#web/components/screen-kit/data-table';
import { removeWebhook, sendPing, useWebhooks } from '#web/data/webhooks';
import { WebhookDeliveries } from './deliveries';
import { WebhookForm } from './webhook-form';
import './webhooks.css';

type Editing = { mode: 'new' } | { mode: 'edit'; webhook: Webhook } | null;

/** The secret, shown once after it was made: the server never answers it again. */
function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const intl = useIntl();
  return (
    <div className="panel webhook-secret" role="status">
      <h3>
        <FormattedMessage id="admin.webhooks.secretTitle" />
      </h3>
      <p>
        <FormattedMessage id="admin.webhooks.secretLead" values={{ url }} />
      </p>
      <p>
        <code aria-label={intl.formatMessage({ id: 'admin.webhooks.secret' })}>{secret}</code>
      </p>
      <button type="button" className="button button-small" onClick={onDone}>
        <FormattedMessage id="admin.webhooks.secretDone" />
      </button>
    </div>
  );
}

export default function AdminWebhooksView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const list = useWebhooks();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const act = useAct();
  const notify = useNotify();
  const errorText = useErrorText();
  const { busy, run } = useBusy();

  async function remove(webhook: Webhook) {
    const ok = await confirm({
      title: t('admin.webhooks.confirmDelete', { url: webhook.url }),
      message: t('admin.webhooks.confirmDeleteLead'),
      confirmLabel: t('admin.webhooks.delete'),
    });
    if (!ok) return;
    await run(webhook.id, () => act(() => removeWebhook(webhook.id), t('admin.webhooks.deleted')));
    if (deliveriesOf?.id === webhook.id) setDeliveriesOf(null);
  }

  async function ping(webhook: Webhook) {
    await run(webhook.id, async () => {
      try {
        const delivery = await sendPing(webhook.id);
        const code = delivery.lastStatusCode ?? '—';
        if (delivery.status === 'delivered') notify({ kind: 'success', message: t('admin.webhooks.pinged', { code }) });
        else notify({ kind: 'error', message: t('admin.webhooks.pingFailed', { why: delivery.lastError ?? code }) });
        setDeliveriesOf(webhook);
      } catch (err) {
        notify({ kind: 'error', message: errorText(err) });
      }
    });
  }

  const columns: Column<Webhook>[] = [
    { name: 'url', header: t('admin.webhooks.url'), cell: (w) => w.url },
    {
      name: 'events',
      header: t('admin.webhooks.events'),
      cell: (w) => w.events.map((e) => t(`admin.webhooks.event.${e}`)).join(', '),
    },
    {
      name: 'active',
      header: t('admin.active'),
      cell: (w) => t(w.active ? 'admin.webhooks.on' : 'admin.webhooks.off'),
    },
    {
      name: 'actions',
      header: t('admin.actions'),
      cell: (w) => (
        <div className="admin-actions">
          <RowButton
            label={t('admin.webhooks.editOf', { url: w.url })}
            onClick={() => setEditing({ mode: 'edit', webhook: w })}
          >
            <FormattedMessage id="admin.webhooks.edit" />
          </RowButton>
          <RowButton label={t('admin.webhooks.deliveriesOf', { url: w.url })} onClick={() => setDeliveriesOf(w)}>
            <FormattedMessage id="admin.webhooks.deliveries" />
          </RowButton>
          <RowButton
            label={t('admin.webhooks.pingOf', { url: w.url })}
            disabled={busy === w.id}
            onClick={() => void ping(w)}
          >
            <FormattedMessage id="admin.webhooks.sendPing" />
          </RowButton>
          <RowButton
            label={t('admin.webhooks.deleteOf', { url: w.url })}
            disabled={busy === w.id}
            onClick={() => void remove(w)}
          >
            <FormattedMessage id="admin.webhooks.delete" />
          </RowButton>
        </div>
      ),
    },
  ];

  const saved = (url: string, made: string | null) => {
    notify({ kind: 'success', message: t('admin.webhooks.saved', { url }) });
    setEditing(null);
    if (made) setSecret({ url, secret: made });
  };

  return (
    <Section
      title={t('admin.section.webhooks')}
      lead={<FormattedMessage id="admin.webhooks.lead" />}
      actions={
        !editing && (
          <button type="button" className="button button-small" onClick={() => setEditing({ mode: 'new' })}>
            <FormattedMessage id="admin.webhooks.new" />
          </button>
        )
      }
    >
      {secret && <SecretOnce {...secret} onDone={() => setSecret(null)} />}
      {editing && (
        <WebhookForm
          key={editing.mode === 'edit' ? editing.webhook.id : 'new'}
          webhook={editing.mode === 'edit' ? editing.webhook : undefined}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      )}
      <DataTable
        data={{ status: list.status, error: list.error, reload: list.reload, items: list.data ?? [] }}
        columns={columns}
        label={t('admin.webhooks.caption')}
        empty={t('admin.webhooks.empty')}
      />
      {deliveriesOf && <WebhookDeliveries webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />}
      {confirmDialog}
    </Section>
  );
}
