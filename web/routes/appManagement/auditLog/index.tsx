// /appManagement/auditLog: who changed what, and when (decision 033). Newest first, a page at a time ("Show more"),
// filtered by who (pick an actor from a row), entity type, action and a date range in the admin's own time zone.
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditLogEntry } from '#schema/entities';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '#schema/enums';
import { listAuditLog, type AuditLogFilter } from '#web/api/audit-log';
import { DateTime, FilterSelect, Section } from '../+shared/admin-kit';
import { AuditAction as ActionText, AuditActor, AuditEntity as EntityLink } from '#web/components/audit-entry';
import { DataTable, type Column } from '#web/components/screen-kit/data-table';
import { usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';

/** The start (or the end) of a local day (`yyyy-MM-dd` of a date field) as an ISO instant. */
export function localDayBound(day: string, edge: 'from' | 'to'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = edge === 'from' ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

function useColumns(pickActor: (entry: AuditLogEntry) => void): Column<AuditLogEntry>[] {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { name: 'at', header: t('audit.when'), cell: (e) => <DateTime value={e.at} /> },
    {
      name: 'who',
      header: t('audit.who'),
      cell: (e) =>
        e.actorId ? (
          <button
            type="button"
            className="button-link"
            title={intl.formatMessage({ id: 'audit.onlyActor' }, { name: e.actorName })}
            onClick={() => pickActor(e)}
          >
            <AuditActor entry={e} />
          </button>
        ) : (
          <AuditActor entry={e} />
        ),
    },
    { name: 'action', header: t('audit.what'), cell: (e) => <ActionText entry={e} /> },
    { name: 'entity', header: t('audit.entity'), cell: (e) => <EntityLink entry={e} /> },
    { name: 'request', header: t('audit.requestId'), cell: (e) => <code>{e.requestId || '–'}</code> },
  ];
}

export default function AdminAuditLogView() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const fromId = useId();
  const toId = useId();
  const [actor, setActor] = useState<{ id: string; name: string } | null>(null);
  const [entityType, setEntityType] = useState<AuditEntity | ''>('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: AuditLogFilter = useMemo(
    () => ({
      actor: actor?.id,
      entityType: entityType || undefined,
      action: action || undefined,
      from: localDayBound(from, 'from'),
      to: localDayBound(to, 'to'),
    }),
    [actor, entityType, action, from, to],
  );
  const list = usePagedQuery(keys.auditLog(JSON.stringify(filter)), (cursor) => listAuditLog(filter, cursor));
  const columns = useColumns((e) => setActor({ id: e.actorId!, name: e.actorName }));

  return (
    <Section title={t('admin.section.auditLog')} lead={<FormattedMessage id="audit.lead" />}>
      <div className="admin-filters">
        <FilterSelect<AuditEntity>
          label={t('audit.entity')}
          value={entityType}
          onChange={setEntityType}
          options={[
            { value: '', label: t('admin.all') },
            ...AUDIT_ENTITIES.map((e) => ({ value: e, label: t(`audit.entity.${e}`) })),
          ]}
        />
        <FilterSelect<AuditAction>
          label={t('audit.action')}
          value={action}
          onChange={setAction}
          options={[
            { value: '', label: t('admin.all') },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.action.${a}`) })),
          ]}
        />
        <div className="field admin-filter">
          <label htmlFor={fromId}>{t('audit.from')}</label>
          <input id={fromId} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field admin-filter">
          <label htmlFor={toId}>{t('audit.to')}</label>
          <input id={toId} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {actor ? (
        <p>
          <FormattedMessage id="audit.onlyBy" values={{ name: actor.name }} />{' '}
          <button type="button" className="button button-secondary button-small" onClick={() => setActor(null)}>
            <FormattedMessage id="audit.everyone" />
          </button>
        </p>
      ) : (
        <p>
          <FormattedMessage id="audit.pickActor" />
        </p>
      )}
      <DataTable data={list} columns={columns} label={t('admin.section.auditLog')} empty={t('audit.empty')} />
    </Section>
  );
}
