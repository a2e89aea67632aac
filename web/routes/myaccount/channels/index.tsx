// /myaccount/channels: the editor's channels (ADMIN: everyone's), drafts, hidden and private ones included.
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { WorkspaceChannel } from '../../../../schema/workspace';
import { listWorkspaceChannels } from '../../../api/workspace';
import { WorkspacePage } from '../../../components/workspace/frame';
import type { Column } from '../../../components/screen-kit/data-table';
import { ChangedAt, NewButton, WorkspaceList } from '../../../components/workspace/list';
import { WorkspaceMessages } from '../../../components/workspace/messages';
import { StatusBadges } from '../../../components/workspace/status';
import { keys } from '../../../data/keys';
import { useSession } from '../../../session/session';
import { channelPath } from '../../../paths';

export default function WorkspaceChannelsView() {
  return (
    <WorkspaceMessages>
      <ChannelsSection />
    </WorkspaceMessages>
  );
}

function ChannelsSection() {
  const intl = useIntl();
  const admin = useSession().user?.role === 'ADMIN';
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const columns: Column<WorkspaceChannel>[] = [
    { header: t('ws.col.name'), cell: (c) => <Link to={`/myaccount/channels/${c.id}`}>{c.name}</Link> },
    { header: t('ws.col.status'), cell: (c) => <StatusBadges row={c} /> },
    ...(admin ? [{ header: t('ws.col.owner'), cell: (c: WorkspaceChannel) => c.userName }] : []),
    { header: t('ws.col.changed'), cell: (c) => <ChangedAt value={c.updatedAt} /> },
    {
      header: t('ws.col.links'),
      cell: (c) => (
        <Link to={channelPath(c.id)} aria-label={t('ws.viewPublicOf', { title: c.name })}>
          {t('ws.viewPublic')}
        </Link>
      ),
    },
  ];
  return (
    <WorkspacePage
      section="channels"
      title={t('ws.channels.title')}
      actions={<NewButton to="/myaccount/channels/new" label={t('ws.channels.new')} />}
    >
      <WorkspaceList
        queryKey={keys.workspaceChannels}
        fetchPage={({ q, owner, cursor }) => listWorkspaceChannels({ q, owner, cursor })}
        label={t('ws.channels.title')}
        columns={columns}
        empty={t('ws.channels.empty')}
      />
    </WorkspacePage>
  );
}
