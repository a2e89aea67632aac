// The one table of API tokens (docs/decisions/034-api-tokens.md): name, scope, created, expires, last used and
// Revoke, behind a confirmation; with the owner's column in ADMIN's list of everyone's. Never the token itself.
import { FormattedDate, useIntl } from 'react-intl';
import type { ApiToken, OwnedApiToken } from '#schema/entities';
import { revokeApiToken } from '#web/api/tokens';
import { write } from '#web/data/cache';
import { useConfirmedAction } from '../screen-kit/confirm-dialog';
import { actionColumn, DataTable, type Column, type TableData } from '../screen-kit/data-table';
import './api-tokens.css';

const when = (iso: string | null, none: string) =>
  iso ? (
    <time dateTime={iso}>
      <FormattedDate value={iso} year="numeric" month="short" day="numeric" />
    </time>
  ) : (
    none
  );

export function TokenTable<T extends ApiToken | OwnedApiToken>({
  data,
  label,
  empty,
}: {
  data: TableData<T>;
  label: string;
  empty: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [act, confirmDialog] = useConfirmedAction();
  const revoke = (token: T) =>
    act(
      {
        title: t('ws.tokens.revokeTitle', { name: token.name }),
        message: t('ws.tokens.revokeMessage'),
        confirmLabel: t('ws.tokens.revokeOf', { name: token.name }),
      },
      () => write(() => revokeApiToken(token.id), { invalidate: [['api-tokens']] }),
      t('ws.tokens.revoked', { name: token.name }),
    );

  const owner: Column<T>[] = data.items.some((r) => 'user' in r)
    ? [{ name: 'owner', header: t('ws.tokens.owner'), cell: (r) => ('user' in r ? r.user.name : '') }]
    : [];
  const columns: Column<T>[] = [
    { name: 'name', header: t('ws.tokens.name'), cell: (r) => r.name, sortBy: (r) => r.name },
    ...owner,
    { name: 'scope', header: t('ws.tokens.scope'), cell: (r) => t(`ws.tokens.scope.${r.scope}`) },
    { name: 'created', header: t('ws.tokens.created'), cell: (r) => when(r.createdAt, ''), sortBy: (r) => r.createdAt },
    {
      name: 'expires',
      header: t('ws.tokens.expires'),
      cell: (r) => (r.expired ? <strong>{t('ws.tokens.expired')}</strong> : when(r.expiresAt, t('ws.tokens.never'))),
    },
    { name: 'used', header: t('ws.tokens.lastUsed'), cell: (r) => when(r.lastUsedAt, t('ws.tokens.neverUsed')) },
    actionColumn(t('ws.tokens.actions'), {
      label: t('ws.tokens.revoke'),
      labelOf: (r) => t('ws.tokens.revokeOf', { name: r.name }),
      onClick: (r) => void revoke(r),
    }),
  ];
  return (
    <>
      <DataTable data={data} columns={columns} label={label} empty={empty} />
      {confirmDialog}
    </>
  );
}
