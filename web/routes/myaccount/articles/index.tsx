// /myaccount/articles: the editor's articles (ADMIN: everyone's), drafts, hidden and restricted ones included.
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { WorkspaceArticle } from '../../../../schema/workspace';
import { listWorkspaceArticles } from '../../../api/workspace';
import { WorkspacePage } from '../../../components/workspace/frame';
import type { Column } from '../../../components/screen-kit/data-table';
import { ChangedAt, NewButton, WorkspaceList } from '../../../components/workspace/list';
import { WorkspaceMessages } from '../../../components/workspace/messages';
import { StatusBadges } from '../../../components/workspace/status';
import { keys } from '../../../data/keys';
import { useSession } from '../../../session/session';
import { articleHomePath } from '../../../paths';

export default function WorkspaceArticlesView() {
  return (
    <WorkspaceMessages>
      <ArticlesSection />
    </WorkspaceMessages>
  );
}

function ArticlesSection() {
  const intl = useIntl();
  const admin = useSession().user?.role === 'ADMIN';
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const columns: Column<WorkspaceArticle>[] = [
    { header: t('ws.col.title'), cell: (a) => <Link to={`/myaccount/articles/${a.id}`}>{a.title}</Link> },
    { header: t('ws.col.status'), cell: (a) => <StatusBadges row={a} /> },
    { header: t('ws.col.channel'), cell: (a) => a.channelName ?? '—' },
    ...(admin ? [{ header: t('ws.col.owner'), cell: (a: WorkspaceArticle) => a.userName }] : []),
    { header: t('ws.col.changed'), cell: (a) => <ChangedAt value={a.updatedAt} /> },
    {
      header: t('ws.col.links'),
      cell: (a) => (
        <Link to={articleHomePath(a)} aria-label={t('ws.viewPublicOf', { title: a.title })}>
          {t('ws.viewPublic')}
        </Link>
      ),
    },
  ];
  return (
    <WorkspacePage
      section="articles"
      title={t('ws.articles.title')}
      actions={<NewButton to="/myaccount/articles/new" label={t('ws.articles.new')} />}
    >
      <WorkspaceList
        queryKey={keys.workspaceArticles}
        fetchPage={({ q, owner, cursor }) => listWorkspaceArticles({ q, owner, cursor })}
        label={t('ws.articles.title')}
        columns={columns}
        empty={t('ws.articles.empty')}
      />
    </WorkspacePage>
  );
}
