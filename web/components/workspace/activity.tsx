// An item's Activity on its edit form: the audit log's entries of this article, channel or news item (decision 033),
// newest first, loaded only once the box is opened, ten at a time. Its owner sees them; so does ADMIN.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditLogEntry } from '#schema/entities';
import { listActivity } from '#web/api/audit-log';
import { DateTime } from '#web/routes/appManagement/+shared/admin-kit';
import { AuditAction, AuditActor } from '../audit-entry';
import { DataTable, type Column } from '../screen-kit/data-table';
import { usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';

export function ActivityBox({ id }: { id: string }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const [open, setOpen] = useState(false);
  const list = usePagedQuery(open ? keys.activity(id) : null, (cursor) => listActivity(id, cursor));
  const columns: Column<AuditLogEntry>[] = [
    { name: 'at', header: t('activity.when'), cell: (e) => <DateTime value={e.at} /> },
    { name: 'who', header: t('activity.who'), cell: (e) => <AuditActor entry={e} ns="activity" /> },
    { name: 'action', header: t('activity.what'), cell: (e) => <AuditAction entry={e} ns="activity" /> },
  ];
  return (
    <details className="ws-box" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        <FormattedMessage id="activity.activity" />
      </summary>
      {open && (
        <DataTable data={list} columns={columns} label={t('activity.activity')} empty={t('activity.activityEmpty')} />
      )}
    </details>
  );
}
