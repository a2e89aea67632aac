// /myaccount/publications: the editor's publication requests (ADMIN: everyone's) with status and expiry, newest
// first, a page at a time (GET /publications/requests), filtered by status.
import { useState } from 'react';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PUBLICATION_STATUSES } from '../../../schema/enums';
import { listPublicationRequests, type PublicationStatus } from '../../api/publications';
import { useNotify } from '../../components/notifications';
import { LoadError, Loading, errorMessage } from '../../components/view-state';
import { SelectField } from '../../components/workspace/fields';
import { WorkspacePage } from '../../components/workspace/frame';
import { WorkspaceMessages } from '../../components/workspace/messages';
import { usePagedQuery } from '../../data/cache';
import { keys } from '../../data/keys';
import { useSession } from '../../session/session';

export default function WorkspacePublicationsView() {
  return (
    <WorkspaceMessages>
      <PublicationsSection />
    </WorkspaceMessages>
  );
}

function PublicationsSection() {
  const intl = useIntl();
  const notify = useNotify();
  const admin = useSession().user?.role === 'ADMIN';
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [status, setStatus] = useState<PublicationStatus | ''>('');
  const list = usePagedQuery([...keys.workspacePublications(), status], (cursor) =>
    listPublicationRequests(status ? { status } : {}, cursor),
  );
  const date = (iso: string | null | undefined) =>
    iso ? (
      <time dateTime={iso}>
        <FormattedDate value={iso} year="numeric" month="short" day="numeric" />
      </time>
    ) : (
      '—'
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
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && (
        <LoadError error={list.error} notFound={t('ws.publications.empty')} onRetry={list.reload} />
      )}
      {list.status === 'ok' && list.items.length === 0 && <p className="muted">{t('ws.publications.empty')}</p>}
      {list.items.length > 0 && (
        <div className="table-wrap">
          <table aria-label={t('ws.publications.title')}>
            <thead>
              <tr>
                <th scope="col">{t('ws.col.title')}</th>
                <th scope="col">{t('ws.col.type')}</th>
                <th scope="col">{t('ws.col.status')}</th>
                <th scope="col">{t('ws.col.expires')}</th>
                {admin && <th scope="col">{t('ws.col.owner')}</th>}
                <th scope="col">{t('ws.col.requested')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id}>
                  <td>
                    {r.contentTitle ? (
                      <Link to={`/myaccount/${r.type === 'article' ? 'articles' : 'channels'}/${r.contentId}`}>
                        {r.contentTitle}
                      </Link>
                    ) : (
                      <span className="muted">{t('ws.publications.gone')}</span>
                    )}
                  </td>
                  <td>{t(r.type === 'article' ? 'ws.type.article' : 'ws.type.channel')}</td>
                  <td>
                    <span className={`state state-${r.status.toLowerCase()}`}>
                      {t(`ws.publication.status.${r.status}`)}
                    </span>
                  </td>
                  <td>{date(r.expirationDate)}</td>
                  {admin && <td>{r.userName}</td>}
                  <td>{date(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.cursor && (
        <button
          type="button"
          className="button button-secondary load-more"
          disabled={list.busy}
          aria-busy={list.busy}
          onClick={() =>
            void list.loadMore().catch((err: unknown) => notify({ kind: 'error', message: errorMessage(err) }))
          }
        >
          {t('ws.list.more')}
        </button>
      )}
    </WorkspacePage>
  );
}
