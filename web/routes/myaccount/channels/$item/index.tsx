// /myaccount/channels/new and /myaccount/channels/{id}: a channel's form (name, info text, categories, flags,
// portrait, banner, cover picture or video with its thumbnail time), then the order of its articles, its address,
// its publication request, preview links, revisions and deleting it. Preview shows the unsaved name and text; the
// draft is kept in this browser, and a stale save opens the conflict dialog.
import { lazy, Suspense, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Channel } from '#schema/entities';
import { deleteChannel } from '#web/api/channels-edit';
import { listWorkspaceChannels } from '#web/api/workspace';
import { useContentLanguages } from '#web/components/translations/language-bar';
import { TranslationsBox } from '#web/components/translations/translations-box';
import { FormAlert } from '#web/components/form';
import { useForm } from '#web/components/screen-kit/use-form';
import { Loading } from '#web/components/view-state';
import { WorkspacePage } from '#web/components/workspace/frame';
import { FormButtons, useDeleteItem } from '#web/components/workspace/form-page';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { useStartedFrom } from '#web/components/workspace/no-lost-work';
import { LoadedOwnedItem } from '#web/components/workspace/not-yours';
import { PlainPreview } from '#web/components/workspace/plain-preview';
import { PublicationBox } from '#web/components/workspace/publication';
import { ItemHistory } from '#web/components/workspace/revisions';
import { SlugBox } from '#web/components/workspace/slug-box';
import { UploadList, useUploadQueue } from '#web/components/workspace/upload-queue';
import { useQuery, write } from '#web/data/cache';
import { useChannel } from '#web/data/content';
import { keys } from '#web/data/keys';
import { channelPath } from '#web/paths';
import { useSession } from '#web/session/session';
import { channelValues } from './changes';
import { ChannelFields } from './channel-fields';
import { channelTexts, useChannelSave } from './use-channel-save';

// The article order (drag and drop) loads with an existing channel's form.
const ArticleOrder = lazy(() => import('./arrange').then((m) => ({ default: m.ArticleOrder })));

export default withMessages(WorkspaceMessages, ChannelScreen);

function ChannelScreen() {
  const { item } = useParams();
  const channelId = item === 'new' ? undefined : item;
  const channel = useChannel(channelId);
  if (!channelId) return <ChannelForm channel={null} />;
  return (
    <LoadedOwnedItem section="channels" item={channel} name={(c) => c.name} publicPath={(c) => channelPath(c)}>
      {(c) => <ChannelForm key={c.id} channel={c} />}
    </LoadedOwnedItem>
  );
}

function ChannelForm({ channel }: { channel: Channel | null }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const languages = useContentLanguages();
  const { queue, tasks, busy: uploading } = useUploadQueue();
  // The fields and the version the form started from; `channel` is the latest read (the boxes below show it).
  const base = useStartedFrom(channel);
  const initial = useMemo(() => channelValues(base.started), [base.started]);
  const form = useForm({ initial, leaveMessage: t('ws.leave'), blockLeave: uploading });
  base.follow(form.dirty);
  const { ref: formElement } = form;
  const status = useQuery(
    channel ? keys.workspaceChannel(channel.id) : null,
    async () => (await listWorkspaceChannels({ id: channel!.id })).items[0] ?? null,
  );
  const { submit, afterSave, guard } = useChannelSave(form, base, queue, admin);
  const [remove, deleteDialog] = useDeleteItem(
    form,
    {
      title: t('ws.channels.deleteTitle'),
      message: t('ws.channels.deleteText', { name: channel?.name ?? '' }),
      list: '/myaccount/channels',
      remove: () =>
        write(() => deleteChannel(channel!.id), {
          invalidate: [['workspace'], ['channels'], ['channel', channel!.id], ['category'], ['user-channels']],
        }),
    },
    channel?.name ?? '',
  );

  return (
    <WorkspacePage
      section="channels"
      title={channel ? t('ws.channels.editNamed', { name: channel.name }) : t('ws.channels.new')}
      actions={channel && <Link to={channelPath(channel)}>{t('ws.viewPublic')}</Link>}
    >
      <FormAlert message={form.alert} />
      {guard.notices}
      {channel && (
        <TranslationsBox
          kind="channels"
          id={channel.id}
          translations={status.data?.translations}
          source={{
            language: status.data?.sourceLanguage ?? languages[0]!,
            fields: { name: channel.name, infoText: channel.infoText },
          }}
        />
      )}
      <form ref={formElement} noValidate onSubmit={form.onSubmit(() => submit())} className="ws-form">
        <ChannelFields form={form} channel={base.started} admin={admin} />
        <UploadList queue={queue} tasks={tasks} />
        <FormButtons
          busy={form.busy}
          submitLabel={t(channel ? 'ws.save' : 'ws.channels.create')}
          onDelete={channel ? () => void remove() : undefined}
        >
          <PlainPreview title={form.values.name} text={form.values.infoText} />
        </FormButtons>
      </form>
      {channel && (
        <>
          <Suspense fallback={<Loading />}>
            <ArticleOrder channel={channel} />
          </Suspense>
          <SlugBox kind="channel" id={channel.id} slug={channel.slug} />
          <PublicationBox contentId={channel.id} type="channel" status={status.data ?? null} />
          <ItemHistory
            type="channel"
            item={channel}
            textsOf={(f) => channelTexts(intl, f)}
            onRestored={(result) => afterSave(result as Channel)}
          />
        </>
      )}
      {guard.dialog}
      {deleteDialog}
    </WorkspacePage>
  );
}
