// /myaccount/channels: the editor's channels (ADMIN: everyone's), drafts, hidden and private ones included.
import { Link } from 'react-router';
import type { WorkspaceChannel } from '#schema/workspace';
import { listWorkspaceChannels } from '#web/api/workspace';
import { LanguageMarks } from '#web/components/translations/language-bar';
import type { Column } from '#web/components/screen-kit/data-table';
import { ChangedAt, workspaceListView, type Translate } from '#web/components/workspace/list';
import { StatusBadges } from '#web/components/workspace/status';
import { keys } from '#web/data/keys';
import { channelPath } from '#web/paths';

export default workspaceListView(
  'channels',
  keys.workspaceChannels,
  ({ q, owner, cursor, languages }) => listWorkspaceChannels({ q, owner, cursor, ...languages }),
  columns,
);

function columns(t: Translate, admin: boolean): Column<WorkspaceChannel>[] {
  return [
    { header: t('ws.col.name'), cell: (c) => <Link to={`/myaccount/channels/${c.id}`}>{c.name}</Link> },
    { header: t('ws.col.status'), cell: (c) => <StatusBadges row={c} /> },
    {
      header: t('tr.languages'),
      cell: (c) => <LanguageMarks sourceLanguage={c.sourceLanguage} translations={c.translations} />,
    },
    ...(admin ? [{ header: t('ws.col.owner'), cell: (c: WorkspaceChannel) => c.userName }] : []),
    { header: t('ws.col.changed'), cell: (c) => <ChangedAt value={c.updatedAt} /> },
    {
      header: t('ws.col.links'),
      cell: (c) => (
        <Link to={channelPath(c)} aria-label={t('ws.viewPublicOf', { title: c.name })}>
          {t('ws.viewPublic')}
        </Link>
      ),
    },
  ];
}
