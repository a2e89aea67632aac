// /appManagement/access: access requests for restricted articles and channels (pending by default, or the
// decided ones), each allowed or denied; and the granted access, each revocable. A decision takes effect on the
// reader's next request: visibility reads the grants on every request (docs/decisions/007).
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ContentType } from '#schema/enums';
import type { RequestState } from '#web/api/userContent';
import { DateTime, FilterSelect, Section, useAct, useBusy } from '../+shared/admin-kit';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { actionColumn, DataTable, type Column } from '#web/components/screen-kit/data-table';
import { decideAccessRequest, revokeGrant, useAccessRequests, useGrants } from '#web/data/admin';
import { contentPath } from '#web/paths';

type AccessRow = { userName: string; contentType: ContentType; contentId: string; contentTitle: string };

function ContentLink({ row }: { row: AccessRow }) {
  const intl = useIntl();
  // A title of '' means the content is gone (ids are not foreign keys).
  if (!row.contentTitle) return <span className="muted">{intl.formatMessage({ id: 'admin.contentGone' })}</span>;
  return <Link to={contentPath(row.contentType, row.contentId)}>{row.contentTitle}</Link>;
}

/** The user and content a row is about, as the action buttons' names and the toasts say them. */
function useWhat() {
  const intl = useIntl();
  return (row: AccessRow) => ({
    user: row.userName,
    content: row.contentTitle || intl.formatMessage({ id: 'admin.contentGone' }),
  });
}

/** The columns both lists share: who, what, its type and since when. */
function useAccessColumns<T extends AccessRow & { createdAt: string }>(dateHeader: string): Column<T>[] {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { name: 'user', header: t('admin.user'), cell: (r) => r.userName },
    { name: 'content', header: t('admin.content'), cell: (r) => <ContentLink row={r} /> },
    { name: 'type', header: t('admin.type'), cell: (r) => t(`admin.type.${r.contentType}`) },
    { name: 'date', header: t(dateHeader), cell: (r) => <DateTime value={r.createdAt} /> },
  ];
}

function useTypeOptions() {
  const intl = useIntl();
  return [
    { value: '' as const, label: intl.formatMessage({ id: 'admin.all' }) },
    { value: 'article' as const, label: intl.formatMessage({ id: 'admin.type.article' }) },
    { value: 'channel' as const, label: intl.formatMessage({ id: 'admin.type.channel' }) },
  ];
}

type Request = ReturnType<typeof useAccessRequests>['items'][number];
type Grant = ReturnType<typeof useGrants>['items'][number];

/**
 * Allow is one click (it is what the reader asked for); Deny asks first, saying the reader is told (decision 038:
 * the admin's decisions that refuse or take away ask, as Reject and Revoke do).
 */
function Decide({ request, confirm }: { request: Request; confirm: ReturnType<typeof useConfirm>[0] }) {
  const intl = useIntl();
  const act = useAct();
  const what = useWhat()(request);
  const { busy, run } = useBusy();
  if (request.status !== 'PENDING') return null;
  const decide = (decision: 'allow' | 'deny', done: string) =>
    run(request.id, () => act(() => decideAccessRequest(request.id, decision), intl.formatMessage({ id: done }, what)));
  const deny = async () => {
    const ok = await confirm({
      title: intl.formatMessage({ id: 'admin.access.confirmDeny' }, what),
      message: intl.formatMessage({ id: 'admin.access.confirmDenyText' }),
      confirmLabel: intl.formatMessage({ id: 'admin.access.deny' }),
    });
    if (ok) await decide('deny', 'admin.access.denied');
  };
  return (
    <div className="admin-actions">
      <button
        type="button"
        className="button button-small"
        disabled={busy === request.id}
        aria-label={intl.formatMessage({ id: 'admin.access.allowOf' }, what)}
        onClick={() => void decide('allow', 'admin.access.allowed')}
      >
        <FormattedMessage id="admin.access.allow" />
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={busy === request.id}
        aria-label={intl.formatMessage({ id: 'admin.access.denyOf' }, what)}
        onClick={() => void deny()}
      >
        <FormattedMessage id="admin.access.deny" />
      </button>
    </div>
  );
}

function Requests() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [status, setStatus] = useState<RequestState | ''>('PENDING');
  const [type, setType] = useState<ContentType | ''>('');
  const list = useAccessRequests(status || undefined, type || undefined);
  const [confirm, confirmDialog] = useConfirm();
  const headingId = useId();
  const typeOptions = useTypeOptions();
  const columns: Column<Request>[] = [
    ...useAccessColumns<Request>('admin.requestedAt'),
    {
      name: 'status',
      header: t('admin.status'),
      cell: (r) => <span className={`state state-${r.status.toLowerCase()}`}>{t(`admin.request.${r.status}`)}</span>,
    },
    { name: 'actions', header: t('admin.actions'), cell: (r) => <Decide request={r} confirm={confirm} /> },
  ];

  return (
    <section className="admin-subsection" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage id="admin.access.requests" />
      </h3>
      <div className="admin-filters">
        <FilterSelect<RequestState>
          label={t('admin.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'PENDING', label: t('admin.request.PENDING') },
            { value: 'ALLOWED', label: t('admin.request.ALLOWED') },
            { value: 'DENIED', label: t('admin.request.DENIED') },
            { value: '', label: t('admin.all') },
          ]}
        />
        <FilterSelect<ContentType> label={t('admin.type')} value={type} onChange={setType} options={typeOptions} />
      </div>
      <DataTable
        data={list}
        columns={columns}
        label={t('admin.access.requests')}
        empty={t('admin.access.noRequests')}
      />
      {confirmDialog}
    </section>
  );
}

function Grants() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const act = useAct();
  const what = useWhat();
  const { busy, run } = useBusy();
  const [confirm, confirmDialog] = useConfirm();
  const [type, setType] = useState<ContentType | ''>('');
  const list = useGrants(type || undefined);
  const headingId = useId();
  const typeOptions = useTypeOptions();

  const revoke = async (g: Grant) => {
    const ok = await confirm({
      title: intl.formatMessage({ id: 'admin.access.confirmRevoke' }, what(g)),
      confirmLabel: t('admin.access.revoke'),
    });
    if (!ok) return;
    await run(g.id, () =>
      act(() => revokeGrant(g.userId, g.contentId), intl.formatMessage({ id: 'admin.access.revoked' }, what(g))),
    );
  };
  const columns: Column<Grant>[] = [
    ...useAccessColumns<Grant>('admin.grantedAt'),
    actionColumn(t('admin.actions'), {
      label: <FormattedMessage id="admin.access.revoke" />,
      labelOf: (g) => intl.formatMessage({ id: 'admin.access.revokeOf' }, what(g)),
      onClick: (g) => void revoke(g),
      disabled: (g) => busy === g.id,
    }),
  ];

  return (
    <section className="admin-subsection" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage id="admin.access.grants" />
      </h3>
      <FilterSelect<ContentType> label={t('admin.type')} value={type} onChange={setType} options={typeOptions} />
      <DataTable data={list} columns={columns} label={t('admin.access.grants')} empty={t('admin.access.noGrants')} />
      {confirmDialog}
    </section>
  );
}

export default function AdminAccessView() {
  const intl = useIntl();
  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.access' })}
      lead={<FormattedMessage id="admin.access.lead" />}
    >
      <Requests />
      <Grants />
    </Section>
  );
}
