// The account screen's connected assistants (docs/decisions/045-mcp-server.md): the MCP clients the editor allowed
// through OAuth, with the scope and when; Disconnect revokes the client's grants and the API token it holds.
import { useId } from 'react';
import { FormattedDate, useIntl } from 'react-intl';
import type { ConnectedClient } from '#schema/oauth';
import { disconnectClient, listConnectedClients } from '#web/api/oauth';
import { useConfirmedAction } from '#web/components/screen-kit/confirm-dialog';
import { actionColumn, DataTable, type Column } from '#web/components/screen-kit/data-table';
import { useQuery, write } from '#web/data/cache';

export function ConnectedClientsSection({ userId }: { userId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const key = ['oauth-clients', userId] as const;
  const query = useQuery(key, listConnectedClients);
  const [act, confirmDialog] = useConfirmedAction();
  const disconnect = (client: ConnectedClient) =>
    act(
      {
        title: t('ws.oauth.disconnectTitle', { name: client.clientName }),
        message: t('ws.oauth.disconnectMessage'),
        confirmLabel: t('ws.oauth.disconnectOf', { name: client.clientName }),
      },
      () => write(() => disconnectClient(client.clientId), { invalidate: [key, ['api-tokens']] }),
      t('ws.oauth.disconnected', { name: client.clientName }),
    );

  const columns: Column<ConnectedClient>[] = [
    { name: 'name', header: t('ws.oauth.client'), cell: (r) => r.clientName },
    { name: 'scope', header: t('ws.tokens.scope'), cell: (r) => t(`ws.tokens.scope.${r.scope}`) },
    {
      name: 'created',
      header: t('ws.oauth.since'),
      cell: (r) => (
        <time dateTime={r.createdAt}>
          <FormattedDate value={r.createdAt} year="numeric" month="short" day="numeric" />
        </time>
      ),
    },
    actionColumn(t('ws.tokens.actions'), {
      label: t('ws.oauth.disconnect'),
      labelOf: (r) => t('ws.oauth.disconnectOf', { name: r.clientName }),
      onClick: (r) => void disconnect(r),
    }),
  ];
  return (
    <section className="account-clients" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('ws.oauth.clients')}</h2>
      <p className="muted">{t('ws.oauth.clientsLead')}</p>
      <DataTable
        label={t('ws.oauth.clients')}
        columns={columns}
        data={{ status: query.status, error: query.error, reload: query.reload, items: query.data ?? [] }}
        empty={t('ws.oauth.none')}
        rowKey={(r) => r.clientId}
      />
      {confirmDialog}
    </section>
  );
}
