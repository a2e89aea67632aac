// One webhook's newest deliveries: event, what it was about, status, attempts, the receiver's last answer, and
// Retry for a failed one (it starts a new day of attempts).
import { FormattedMessage, useIntl } from 'react-intl';
import type { Webhook, WebhookDelivery } from '#schema/webhooks';
import { DateTime, useAct, useBusy } from '../+shared/admin-kit';
import { DataTable, type Column } from '#web/components/screen-kit/data-table';
import { retryWebhookDelivery, useDeliveries } from '#web/data/webhooks';

export function WebhookDeliveries({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const act = useAct();
  const { busy, run } = useBusy();
  const deliveries = useDeliveries(webhook.id);
  const eventName = (event: string) =>
    event === 'ping' ? t('admin.webhooks.ping') : t(`admin.webhooks.event.${event}`);
  const columns: Column<WebhookDelivery>[] = [
    { name: 'event', header: t('admin.webhooks.event'), cell: (d) => eventName(d.event) },
    { name: 'title', header: t('admin.webhooks.about'), cell: (d) => d.title },
    { name: 'created', header: t('admin.webhooks.when'), cell: (d) => <DateTime value={d.createdAt} /> },
    {
      name: 'status',
      header: t('admin.webhooks.status'),
      cell: (d) => (
        <span className={`webhook-status webhook-status-${d.status}`}>{t(`admin.webhooks.status.${d.status}`)}</span>
      ),
    },
    { name: 'attempts', header: t('admin.webhooks.attempts'), cell: (d) => d.attempts },
    {
      name: 'response',
      header: t('admin.webhooks.response'),
      cell: (d) => [d.lastStatusCode ?? '—', d.lastError].filter(Boolean).join(' · '),
    },
    {
      name: 'actions',
      header: t('admin.actions'),
      cell: (d) =>
        d.status === 'failed' && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy === d.id}
            aria-label={t('admin.webhooks.retryOf', { name: eventName(d.event), title: d.title })}
            onClick={() =>
              void run(d.id, () => act(() => retryWebhookDelivery(webhook.id, d.id), t('admin.webhooks.retried')))
            }
          >
            <FormattedMessage id="admin.webhooks.retry" />
          </button>
        ),
    },
  ];
  return (
    <section className="panel webhook-deliveries" aria-label={t('admin.webhooks.deliveriesOf', { url: webhook.url })}>
      <div className="admin-section-head">
        <h3>{t('admin.webhooks.deliveriesOf', { url: webhook.url })}</h3>
        <button type="button" className="button button-secondary button-small" onClick={onClose}>
          <FormattedMessage id="admin.close" />
        </button>
      </div>
      <DataTable
        data={{
          status: deliveries.status,
          error: deliveries.error,
          reload: deliveries.reload,
          items: deliveries.data ?? [],
        }}
        columns={columns}
        label={t('admin.webhooks.deliveriesOf', { url: webhook.url })}
        empty={t('admin.webhooks.noDeliveries')}
      />
    </section>
  );
}
