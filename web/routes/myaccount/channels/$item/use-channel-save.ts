// Saving the channel form: the fields as JSON, new pictures as files beside them (through the upload queue, so
// their progress shows), and a new cover video in resumable parts after the channel is saved. A stale save opens
// the conflict dialog, a save while offline waits for the connection, and the draft is kept in this browser
// meanwhile (decision 029, components/workspace/no-lost-work.tsx).
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Channel } from '#schema/entities';
import { createChannelBody, updateChannelBody } from '#schema/requests';
import { getChannel } from '#web/api/channels';
import { createChannel, updateChannel, type ChannelPictures } from '#web/api/channels-edit';
import { useNotify } from '#web/components/notifications';
import type { Form } from '#web/components/screen-kit/use-form';
import { textFields } from '#web/components/workspace/diff-view';
import { useNoLostWork } from '#web/components/workspace/no-lost-work';
import { queueSave } from '#web/components/workspace/save';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { invalidate, setQueryData } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { imagePart } from '#web/uploads/multipart';
import { cancelResumable, uploadResumable } from '#web/uploads/resumable';
import { channelChanges, coverProblem, newChannelBody, withoutFiles, type ChannelValues } from './changes';

/** The text fields of a channel (or of a revision's saved fields) for a line diff. */
export const channelTexts = (intl: IntlShape, c: Record<string, unknown>) => textFields(intl, c, ['name', 'infoText']);

/**
 * The channel form's submit, and what follows any save (a restored revision too). Its saves name the version of the
 * channel the form started from, read with the channel itself (never a separate read that could lag behind or
 * not have arrived yet): a save after someone else's is 409 and opens the conflict dialog.
 */
export function useChannelSave(
  form: Form<ChannelValues>,
  base: { started: Channel | null; saved: (version: number) => void },
  queue: UploadQueue,
  admin: boolean,
) {
  const channel = base.started;
  const version = channel?.version;
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const notify = useNotify();
  const navigate = useNavigate();
  const guard = useNoLostWork({
    kind: 'channel',
    id: channel?.id ?? null,
    form,
    keep: withoutFiles,
    started: channel,
    version,
    current: async () => {
      const item = await getChannel(channel!.id);
      return { item, version: item.version };
    },
    textsOf: (c) => channelTexts(intl, c),
    load: async ({ item }) => {
      await setQueryData(keys.channel(item.id), () => item);
      await invalidate(['workspace']);
    },
  });

  const afterSave = async (result: Channel) => {
    await setQueryData(keys.channel(result.id), () => result);
    await invalidate(['workspace'], ['channels'], ['channel', result.id], ['category'], ['user-channels']);
    notify({ kind: 'success', message: t(channel ? 'ws.saved' : 'ws.channels.created') });
  };

  /** A new video cover goes up in resumable parts, then the channel names its upload. */
  const queueCoverVideo = (result: Channel, file: File, thumbnailMillis: number) => {
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
        const saved = await updateChannel(result.id, {
          coverMedia: { kind: 'video', uploadId: done.id, thumbnailMillis },
        });
        // The form's own follow-up, when no other save came between.
        if (saved.version === result.version + 1) base.saved(saved.version);
        await afterSave(saved);
      },
      cancel: async () => {
        if (job.uploadId) await cancelResumable(job.uploadId);
      },
    });
  };

  async function submit(overVersion?: number) {
    const { values } = form;
    const body = channel ? channelChanges(channel, values, admin) : newChannelBody(values);
    // The version the form started from (or, saving over someone else's on purpose, theirs).
    const versioned = { ...body, version: overVersion ?? version };
    const cover = coverProblem(channel, values);
    const valid = form.validate(channel ? updateChannelBody : createChannelBody, body, {
      cover: cover && t(cover),
    });
    if (!valid) return;
    const pictures: ChannelPictures = {
      portrait: values.portrait ? await imagePart(values.portrait) : undefined,
      banner: values.banner ? await imagePart(values.banner) : undefined,
      cover: values.cover === 'image' && values.coverImage ? await imagePart(values.coverImage) : undefined,
    };
    const newVideo = values.cover === 'video' && values.coverVideo ? values.coverVideo : null;
    const files = [pictures.portrait, pictures.banner, pictures.cover].filter((p) => !!p);
    const finish = async (result: Channel) => {
      guard.saved();
      base.saved(result.version);
      await afterSave(result);
      if (newVideo) queueCoverVideo(result, newVideo, values.coverMillis);
      form.markSaved(withoutFiles(values));
      form.setValues(withoutFiles);
      if (!channel) void navigate(`/myaccount/channels/${result.id}`, { replace: true });
    };
    if (channel && Object.keys(body).length === 0 && files.length === 0 && !newVideo) {
      notify({ kind: 'success', message: t('ws.unchanged') });
      return;
    }
    if (files.length === 0) {
      await form.send(async () => {
        const unchanged = channel && Object.keys(body).length === 0;
        try {
          const result = channel
            ? unchanged
              ? channel
              : await updateChannel(channel.id, versioned)
            : await createChannel(createChannelBody.parse(body));
          await finish(result);
        } catch (err) {
          if (!(await guard.failed(err, submit))) throw err;
        }
      });
      return;
    }
    const names = [values.portrait, values.banner, values.coverImage].filter((f): f is File => !!f);
    queueSave(queue, {
      name: names.map((f) => f.name).join(', '),
      size: files.reduce((n, p) => n + p.file.size + p.variants.reduce((m, v) => m + v.blob.size, 0), 0),
      run: (options) =>
        channel
          ? updateChannel(channel.id, versioned, pictures, options)
          : createChannel(createChannelBody.parse(body), pictures, options),
      onSaved: finish,
      onFailed: (err) => void guard.failed(err, submit).then((done) => done || form.refused(err)),
    });
  }
  return { submit, afterSave, guard };
}
