// /myaccount/channels/new and /myaccount/channels/{id}: a channel's form (name, info text, categories, flags,
// portrait, banner, cover picture or video with its thumbnail time), then the order of its articles, its address,
// its publication request and deleting it.
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { Channel } from '../../../schema/entities';
import { createChannelBody, LIMITS, updateChannelBody } from '../../../schema/requests';
import { listCategories } from '../../api/categories';
import {
  createChannel,
  deleteChannel,
  updateChannel,
  type ChannelChanges,
  type ChannelPictures,
} from '../../api/editor';
import { listWorkspaceChannels } from '../../api/workspace';
import {
  FormAlert,
  TextArea,
  TextField,
  focusFirstInvalid,
  issuesToFieldErrors,
  useFormState,
} from '../../components/form';
import { useNotify } from '../../components/notifications';
import { LoadError, Loading, errorMessage } from '../../components/view-state';
import { useConfirm } from '../../components/workspace/confirm';
import { CategoryPicker, Checkbox } from '../../components/workspace/fields';
import { WorkspacePage } from '../../components/workspace/frame';
import { ImagePicker, useObjectUrl } from '../../components/workspace/image-picker';
import { useLeaveGuard } from '../../components/workspace/leave-guard';
import { channelPublicPath } from '../../components/workspace/links';
import { WorkspaceMessages } from '../../components/workspace/messages';
import { PlainPreview } from '../../components/workspace/plain-preview';
import { PreviewLinksBox } from '../../components/workspace/preview-links';
import { PublicationBox } from '../../components/workspace/publication';
import { RevisionsBox } from '../../components/workspace/revisions';
import { SlugBox } from '../../components/workspace/slug-box';
import { queueSave, snapshot } from '../../components/workspace/save';
import { UploadList, useUploadQueue, formatBytes } from '../../components/workspace/upload-queue';
import { imagePart, UPLOAD_VIDEO_BYTES, VIDEO_TYPES } from '../../components/workspace/uploads';
import { VideoScrubber } from '../../components/workspace/video-scrubber';
import { invalidate, setQueryData, useQuery, write } from '../../data/cache';
import { useChannel } from '../../data/content';
import { keys } from '../../data/keys';
import { useSession } from '../../session/session';
import { cancelResumable, uploadResumable } from '../../uploads/resumable';

// The article order (drag and drop) loads with an existing channel's form.
const ArticleOrder = lazy(() => import('./arrange').then((m) => ({ default: m.ArticleOrder })));

export default function WorkspaceChannelView() {
  return (
    <WorkspaceMessages>
      <ChannelScreen />
    </WorkspaceMessages>
  );
}

function ChannelScreen() {
  const intl = useIntl();
  // /myaccount/{section}/new or /myaccount/{section}/{id} (routes/workspace picks this view).
  const { item } = useParams();
  const channelId = item === 'new' ? undefined : item;
  const channel = useChannel(channelId);
  if (!channelId) return <ChannelForm channel={null} />;
  if (channel.status !== 'ok') {
    return (
      <WorkspacePage section="channels" title={intl.formatMessage({ id: 'ws.channels.edit' })}>
        {channel.status === 'loading' ? (
          <Loading />
        ) : (
          <LoadError
            error={channel.error}
            notFound={intl.formatMessage({ id: 'ws.channels.notFound' })}
            onRetry={channel.reload}
          />
        )}
      </WorkspacePage>
    );
  }
  return <ChannelForm key={channel.data.id} channel={channel.data} />;
}

type CoverChoice = 'none' | 'image' | 'video';

interface Values {
  name: string;
  infoText: string;
  categoryIds: string[];
  hidden: boolean;
  private: boolean;
  restricted: boolean;
  isAd: boolean;
  published: boolean;
  portrait: File | null;
  removePortrait: boolean;
  banner: File | null;
  removeBanner: boolean;
  cover: CoverChoice;
  coverImage: File | null;
  coverVideo: File | null;
  coverMillis: number;
}

const FLAGS = ['hidden', 'private', 'restricted', 'isAd'] as const;

const valuesOf = (c: Channel | null): Values => ({
  name: c?.name ?? '',
  infoText: c?.infoText ?? '',
  categoryIds: c?.categoryIds ?? [],
  hidden: c?.hidden ?? false,
  private: c?.private ?? false,
  restricted: c?.restricted ?? false,
  isAd: c?.isAd ?? false,
  published: c?.published ?? false,
  portrait: null,
  removePortrait: false,
  banner: null,
  removeBanner: false,
  cover: c?.coverMedia?.kind ?? 'none',
  coverImage: null,
  coverVideo: null,
  coverMillis: c?.coverMedia?.kind === 'video' ? c.coverMedia.thumbnailMillis : 0,
});

/** What changed against the stored channel, as PUT /channels/{id} takes it (new files and a new video cover apart). */
export function channelChanges(channel: Channel, v: Values, admin: boolean): ChannelChanges {
  const changes: ChannelChanges = {};
  if (v.name !== channel.name) changes.name = v.name;
  if (v.infoText !== channel.infoText) changes.infoText = v.infoText;
  if (JSON.stringify(v.categoryIds) !== JSON.stringify(channel.categoryIds)) changes.categoryIds = v.categoryIds;
  for (const flag of FLAGS) if (v[flag] !== channel[flag]) changes[flag] = v[flag];
  if (admin && v.published !== channel.published) changes.published = v.published;
  if (v.removePortrait && !v.portrait) changes.portraitFileTag = null;
  if (v.removeBanner && !v.banner) changes.bannerFileTag = null;
  if (v.cover === 'none' && channel.coverMedia) changes.coverMedia = null;
  // A new thumbnail time of the stored video cover (a new video goes up on its own, then names its upload).
  if (
    v.cover === 'video' &&
    !v.coverVideo &&
    channel.coverMedia?.kind === 'video' &&
    v.coverMillis !== channel.coverMedia.thumbnailMillis
  ) {
    changes.coverMedia = { kind: 'video', thumbnailMillis: v.coverMillis };
  }
  return changes;
}

function ChannelForm({ channel }: { channel: Channel | null }) {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const form = useRef<HTMLFormElement>(null);
  const [confirm, confirmDialog] = useConfirm();
  const { queue, tasks, busy: uploading } = useUploadQueue();
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();
  const initial = useMemo(() => valuesOf(channel), [channel]);
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(() => snapshot(initial));
  const [base, setBase] = useState(initial);
  if (base !== initial) {
    setBase(initial);
    setValues((v) => (snapshot(v) === saved ? initial : v));
    setSaved(snapshot(initial));
  }
  const dirty = snapshot(values) !== saved;
  useLeaveGuard(dirty || uploading, intl.formatMessage({ id: 'ws.leave' }));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const categories = useQuery(keys.categories(), listCategories);
  const status = useQuery(
    channel ? keys.workspaceChannel(channel.id) : null,
    async () => (await listWorkspaceChannels({ id: channel!.id })).items[0] ?? null,
  );
  const videoSrc = useObjectUrl(values.coverVideo);

  const afterSave = async (result: Channel) => {
    await setQueryData(keys.channel(result.id), () => result);
    await invalidate(['workspace'], ['channels'], ['channel', result.id], ['category'], ['user-channels']);
    notify({ kind: 'success', message: intl.formatMessage({ id: channel ? 'ws.saved' : 'ws.channels.created' }) });
  };

  /** A new video cover goes up in resumable parts, then the channel names its upload. */
  const queueCoverVideo = (channelId: string, file: File, thumbnailMillis: number) => {
    const job = { uploadId: null as string | null };
    queue.add({
      name: file.name,
      size: file.size,
      run: async ({ signal, progress }) => {
        const done = await uploadResumable(file, {
          signal,
          onProgress: progress,
          onStarted: (u) => (job.uploadId = u.id),
        });
        const result = await updateChannel(channelId, {
          coverMedia: { kind: 'video', uploadId: done.id, thumbnailMillis },
        });
        await afterSave(result);
      },
      cancel: async () => {
        if (job.uploadId) await cancelResumable(job.uploadId);
      },
    });
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setAlert(null);
    const base = {
      name: values.name,
      infoText: values.infoText,
      categoryIds: values.categoryIds,
      hidden: values.hidden,
      private: values.private,
      restricted: values.restricted,
      isAd: values.isAd,
    };
    const body = channel ? channelChanges(channel, values, admin) : base;
    // The version the form started from (its workspace row's): a save after someone else's is 409 (decision 029).
    const version = status.data?.version;
    const versioned = version ? { ...body, version } : body;
    const parsed = (channel ? updateChannelBody : createChannelBody).safeParse(body);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body);
    // A cover kind chosen without its file (and none stored of that kind) would change nothing: say so.
    const storedKind = channel?.coverMedia?.kind;
    if (values.cover === 'image' && !values.coverImage && storedKind !== 'image')
      found.cover = intl.formatMessage({ id: 'ws.cover.needsImage' });
    if (values.cover === 'video' && !values.coverVideo && storedKind !== 'video')
      found.cover = intl.formatMessage({ id: 'ws.cover.needsVideo' });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    const pictures: ChannelPictures = {
      portrait: values.portrait ? await imagePart(values.portrait) : undefined,
      banner: values.banner ? await imagePart(values.banner) : undefined,
      cover: values.cover === 'image' && values.coverImage ? await imagePart(values.coverImage) : undefined,
    };
    const newVideo = values.cover === 'video' && values.coverVideo ? values.coverVideo : null;
    const files = [pictures.portrait, pictures.banner, pictures.cover].filter((p) => !!p);
    const finish = async (result: Channel) => {
      await afterSave(result);
      if (newVideo) queueCoverVideo(result.id, newVideo, values.coverMillis);
      setSaved(
        snapshot({
          ...values,
          portrait: null,
          banner: null,
          coverImage: null,
          coverVideo: null,
          removePortrait: false,
          removeBanner: false,
        }),
      );
      setValues((v) => ({
        ...v,
        portrait: null,
        banner: null,
        coverImage: null,
        coverVideo: null,
        removePortrait: false,
        removeBanner: false,
      }));
      if (!channel) void navigate(`/myaccount/channels/${result.id}`, { replace: true });
    };
    if (channel && Object.keys(body).length === 0 && files.length === 0 && !newVideo) {
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.unchanged' }) });
      return;
    }
    if (files.length > 0) {
      const names = [values.portrait, values.banner, values.coverImage].filter((f): f is File => !!f);
      queueSave(queue, {
        name: names.map((f) => f.name).join(', '),
        size: files.reduce((n, p) => n + p.file.size + p.variants.reduce((m, v) => m + v.blob.size, 0), 0),
        run: (options) =>
          channel
            ? updateChannel(channel.id, versioned, pictures, options)
            : createChannel(createChannelBody.parse(body), pictures, options),
        onSaved: finish,
        onFailed: (err) => setAlert(errorMessage(err)),
      });
      return;
    }
    await send(async () => {
      const result = channel
        ? Object.keys(body).length > 0
          ? await updateChannel(channel.id, versioned)
          : channel
        : await createChannel(createChannelBody.parse(body));
      await finish(result);
    });
  }

  async function remove() {
    if (!channel) return;
    const ok = await confirm({
      title: intl.formatMessage({ id: 'ws.channels.deleteTitle' }),
      message: intl.formatMessage({ id: 'ws.channels.deleteText' }, { name: channel.name }),
      confirmLabel: intl.formatMessage({ id: 'ws.delete' }),
    });
    if (!ok) return;
    await send(
      async () => {
        await write(() => deleteChannel(channel.id), {
          invalidate: [['workspace'], ['channels'], ['channel', channel.id], ['category'], ['user-channels']],
        });
        setSaved(snapshot(values));
        notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.deleted' }, { title: channel.name }) });
        void navigate('/myaccount/channels', { replace: true });
      },
      { keepBusy: true },
    );
  }

  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const storedCover = channel?.coverMedia ?? null;
  return (
    <WorkspacePage
      section="channels"
      title={channel ? t('ws.channels.editNamed', { name: channel.name }) : t('ws.channels.new')}
      actions={channel && <Link to={channelPublicPath(channel.id)}>{t('ws.viewPublic')}</Link>}
    >
      <FormAlert message={alert} />
      <form ref={form} noValidate onSubmit={(e) => void submit(e)} className="ws-form">
        <TextField
          label={t('ws.field.name')}
          name="name"
          required
          maxLength={LIMITS.title}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <TextArea
          label={t('ws.field.infoText')}
          name="infoText"
          rows={6}
          maxLength={LIMITS.text}
          value={values.infoText}
          onChange={(e) => set('infoText', e.currentTarget.value)}
          error={errors.infoText}
        />
        <CategoryPicker
          legend={t('ws.field.categories')}
          categories={categories.data ?? []}
          selected={values.categoryIds}
          onChange={(ids) => set('categoryIds', ids)}
          error={errors.categoryIds}
        />
        <div className="field-row">
          <ImagePicker
            label={t('ws.field.portrait')}
            current={values.removePortrait ? null : (channel?.portraitHref ?? null)}
            file={values.portrait}
            onFile={(f) => set('portrait', f)}
            onRemove={channel?.portraitHref ? () => set('removePortrait', true) : undefined}
          />
          <ImagePicker
            label={t('ws.field.banner')}
            current={values.removeBanner ? null : (channel?.bannerHref ?? null)}
            file={values.banner}
            onFile={(f) => set('banner', f)}
            onRemove={channel?.bannerHref ? () => set('removeBanner', true) : undefined}
          />
        </div>
        <fieldset>
          <legend>{t('ws.field.cover')}</legend>
          {(['none', 'image', 'video'] as const).map((choice) => (
            <label key={choice} className="ws-radio">
              <input
                type="radio"
                name="cover"
                value={choice}
                checked={values.cover === choice}
                onChange={() => set('cover', choice)}
              />
              {t(`ws.cover.${choice}`)}
            </label>
          ))}
          {errors.cover && (
            <p className="field-error" role="alert">
              {errors.cover}
            </p>
          )}
          {values.cover === 'image' && (
            <ImagePicker
              label={t('ws.cover.imageFile')}
              current={storedCover?.kind === 'image' ? storedCover.href : null}
              file={values.coverImage}
              onFile={(f) => set('coverImage', f)}
            />
          )}
          {values.cover === 'video' && (
            <div className="field">
              <label htmlFor="ws-cover-video">{t('ws.cover.videoFile')}</label>
              <input
                id="ws-cover-video"
                type="file"
                accept={VIDEO_TYPES}
                aria-describedby="ws-cover-video-hint"
                onChange={(e) => set('coverVideo', e.currentTarget.files?.[0] ?? null)}
              />
              <p className="field-hint" id="ws-cover-video-hint">
                {t('ws.video.addHint', { max: formatBytes(intl, UPLOAD_VIDEO_BYTES) })}
              </p>
              {(videoSrc ?? (storedCover?.kind === 'video' ? storedCover.href : null)) && (
                <VideoScrubber
                  src={videoSrc ?? (storedCover as { href: string }).href}
                  millis={values.coverMillis}
                  onMillis={(m) => set('coverMillis', m)}
                  label={t('ws.video.preview')}
                />
              )}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>{t('ws.field.flags')}</legend>
          {FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`ws.flag.${flag}`)}
              hint={t(`ws.flag.${flag}.hint`)}
              checked={values[flag]}
              onChange={(e) => set(flag, e.currentTarget.checked)}
            />
          ))}
          {admin && channel && (
            <Checkbox
              label={t('ws.flag.published')}
              hint={t('ws.flag.published.hint')}
              checked={values.published}
              onChange={(e) => set('published', e.currentTarget.checked)}
            />
          )}
        </fieldset>
        <UploadList queue={queue} tasks={tasks} />
        <p className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t(channel ? 'ws.save' : 'ws.channels.create')}
          </button>
          <PlainPreview title={values.name} text={values.infoText} />
          {channel && (
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void remove()}>
              {t('ws.delete')}
            </button>
          )}
        </p>
      </form>
      {channel && (
        <>
          <Suspense fallback={<Loading />}>
            <ArticleOrder channel={channel} />
          </Suspense>
          <SlugBox kind="channel" id={channel.id} slug={channel.slug} />
          <PublicationBox contentId={channel.id} type="channel" status={status.data ?? null} />
          <PreviewLinksBox type="channel" id={channel.id} />
          <RevisionsBox
            type="channel"
            id={channel.id}
            version={status.data?.version ?? 1}
            current={channel}
            textsOf={(f) => [
              { label: t('ws.field.name'), before: '', after: typeof f.name === 'string' ? f.name : '' },
              { label: t('ws.field.infoText'), before: '', after: typeof f.infoText === 'string' ? f.infoText : '' },
            ]}
            onRestored={(result) => afterSave(result as Channel)}
          />
        </>
      )}
      {confirmDialog}
    </WorkspacePage>
  );
}
