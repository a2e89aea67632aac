// /myaccount/news: the editor's news items (ADMIN: everyone's), scheduled ones included.
import { FormattedDate } from 'react-intl';
import { Link } from 'react-router';
import type { WorkspaceNewsItem } from '#schema/workspace';
import { listWorkspaceNews } from '#web/api/workspace';
import { LanguageMarks } from '#web/components/translations/language-bar';
import type { Column } from '#web/components/screen-kit/data-table';
import { workspaceListView, type Translate } from '#web/components/workspace/list';
import { newsStatusOf, StatusBadges } from '#web/components/workspace/status';
import { keys } from '#web/data/keys';
import { contentPath } from '#web/paths';

export default workspaceListView(
  'news',
  keys.workspaceNews,
  ({ q, owner, cursor, languages }) => listWorkspaceNews({ q, owner, cursor, ...languages }),
  columns,
);

function columns(t: Translate, admin: boolean): Column<WorkspaceNewsItem>[] {
  return [
    { header: t('ws.col.title'), cell: (n) => <Link to={`/myaccount/news/${n.id}`}>{n.title}</Link> },
    // What visitors get: a news item pointing at a draft is not in the feed, whatever its date.
    { header: t('ws.col.status'), cell: (n) => <StatusBadges badges={[newsStatusOf(n)]} /> },
    {
      header: t('tr.languages'),
      cell: (n) => <LanguageMarks sourceLanguage={n.sourceLanguage} translations={n.translations} />,
    },
    {
      header: t('ws.col.reference'),
      cell: (n) => (
        <Link to={contentPath(n.ref.kind, n.ref)}>
          {t(n.ref.kind === 'article' ? 'ws.news.refArticle' : 'ws.news.refChannel', { title: n.refTitle })}
        </Link>
      ),
    },
    ...(admin ? [{ header: t('ws.col.owner'), cell: (n: WorkspaceNewsItem) => n.userName }] : []),
    {
      header: t('ws.col.publishedAt'),
      cell: (n) => (
        <time dateTime={n.publishedAt}>
          <FormattedDate
            value={n.publishedAt}
            year="numeric"
            month="short"
            day="numeric"
            hour="2-digit"
            minute="2-digit"
          />
        </time>
      ),
    },
  ];
}
