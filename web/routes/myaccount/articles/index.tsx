// /myaccount/articles: the editor's articles (ADMIN: everyone's), drafts, hidden and restricted ones included.
import { Link } from 'react-router';
import type { WorkspaceArticle } from '#schema/workspace';
import { listWorkspaceArticles } from '#web/api/workspace';
import { LanguageMarks } from '#web/components/translations/language-bar';
import type { Column } from '#web/components/screen-kit/data-table';
import { ChangedAt, workspaceListView, type Translate } from '#web/components/workspace/list';
import { StatusBadges } from '#web/components/workspace/status';
import { keys } from '#web/data/keys';
import { articleHomePath } from '#web/paths';

export default workspaceListView(
  'articles',
  keys.workspaceArticles,
  ({ q, owner, cursor, languages }) => listWorkspaceArticles({ q, owner, cursor, ...languages }),
  columns,
);

function columns(t: Translate, admin: boolean): Column<WorkspaceArticle>[] {
  return [
    { header: t('ws.col.title'), cell: (a) => <Link to={`/myaccount/articles/${a.id}`}>{a.title}</Link> },
    { header: t('ws.col.status'), cell: (a) => <StatusBadges row={a} /> },
    {
      header: t('tr.languages'),
      cell: (a) => <LanguageMarks sourceLanguage={a.sourceLanguage} translations={a.translations} />,
    },
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
}
