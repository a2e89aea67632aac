// /myaccount/publications: the editor's publication history (ADMIN: everyone's): each request with its status
// (unpublishing is a line of its own), expiry and last change, newest first, a page at a time
// (GET /publications/requests), filtered by status.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PUBLICATION_STATUSES } from '#schema/enums';
import { shortTag } from '#schema/languages';
import { listPublicationRequests, type PublicationStatus } from '#web/api/publications';
import type { z } from 'zod/mini';
import type { publicationRequestListItem } from '#schema/entities';
import { DataTable, type Column } from '#web/components/screen-kit/data-table';
import { SelectField } from '#web/components/workspace/fields';
import { WorkspacePage } from '#web/components/workspace/frame';
import { ChangedAt } from '#web/components/workspace/list';
import { ScheduledFor, startsAhead } from '#web/components/workspace/status';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { useSession } from '#web/session/session';

export default withMessages(WorkspaceMessages, PublicationsSection);

type PublicationRequestListItem = z.infer<typeof publicationRequestListItem>;

const date = (iso: string | null | undefined) => (iso ? <ChangedAt value={iso} /> : '—');

function useColumns(admin: boolean): Column<PublicationRequestListItem>[] {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      name: 'title',
      header: t('ws.col.title'),
      cell: (r) =>
        r.contentTitle ? (
          <Link to={`/myaccount/${r.type === 'article' ? 'articles' : 'channels'}/${encodeURIComponent(r.contentId)}`}>
            {r.languages?.length
              ? intl.formatMessage(
                  { id: 'ws.publications.translationOf' },
                  {
                    title: r.contentTitle,
                    languages: intl.formatList(
                      r.languages.map((l) => intl.formatDisplayName(shortTag(l), { type: 'language' }) ?? l),
                    ),
                  },
                )
              : r.contentTitle}
          </Link>
        ) : (
          <span className="muted">{t('ws.publications.gone')}</span>
        ),
    },
    {
      name: 'type',
      header: t('ws.col.type'),
      cell: (r) => t(r.type === 'article' ? 'ws.type.article' : 'ws.type.channel'),
    },
    {
      name: 'status',
      header: t('ws.col.status'),
      cell: (r) => (
        <>
          <span className={`state state-${r.status.toLowerCase()}`}>{t(`ws.publication.status.${r.status}`)}</span>
          {r.status === 'REJECTED' && r.reason && (
            <p className="ws-reason small">
              {intl.formatMessage({ id: 'ws.publications.reason' }, { reason: r.reason })}
            </p>
          )}
          {startsAhead(r) && (
            <>
              {' '}
              <span className="muted">
                <ScheduledFor date={r.publishAt!} />
              </span>
            </>
          )}
        </>
      ),
    },
    { name: 'expires', header: t('ws.col.expires'), cell: (r) => date(r.expirationDate) },
    ...(admin
      ? [{ name: 'owner', header: t('ws.col.owner'), cell: (r: PublicationRequestListItem) => r.userName }]
      : []),
    { name: 'requested', header: t('ws.col.requested'), cell: (r) => date(r.createdAt) },
    // When it was decided, expired or unpublished: the history's last step.
    { name: 'changed', header: t('ws.col.lastChange'), cell: (r) => date(r.updatedAt) },
  ];
}

function PublicationsSection() {
  const intl = useIntl();
  const admin = useSession().user?.role === 'ADMIN';
  const t = (id: string) => intl.formatMessage({ id });
  const [status, setStatus] = useState<PublicationStatus | ''>('');
  const list = usePagedQuery([...keys.workspacePublications(), status], (cursor) =>
    listPublicationRequests(status ? { status } : {}, cursor),
  );
  return (
    <WorkspacePage section="publications" title={t('ws.publications.title')}>
      <div className="ws-filters">
        <SelectField
          label={t('ws.publications.status')}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as PublicationStatus | '')}
        >
          <option value="">{t('ws.publications.allStatuses')}</option>
          {PUBLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`ws.publication.status.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        data={list}
        columns={useColumns(admin)}
        label={t('ws.publications.title')}
        empty={t('ws.publications.empty')}
      />
    </WorkspacePage>
  );
}
