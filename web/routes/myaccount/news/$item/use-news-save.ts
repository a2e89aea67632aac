// Saving the news item form: the fields as JSON with the version the form started from, a new thumbnail as a file
// beside them (through the upload queue, so its progress shows). A stale save opens the conflict dialog, a save
// while offline waits for the connection, and the draft is kept in this browser meanwhile (decision 029,
// components/workspace/no-lost-work.tsx).
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { createNewsBody, updateNewsBody } from '#schema/requests';
import type { WorkspaceNewsItem } from '#schema/workspace';
import { createNews, updateNews } from '#web/api/news-edit';
import { listWorkspaceNews } from '#web/api/workspace';
import { useNotify } from '#web/components/notifications';
import { fromLocalInput, toLocalInput } from '#web/components/screen-kit/local-time';
import type { Form } from '#web/components/screen-kit/use-form';
import { textFields } from '#web/components/workspace/diff-view';
import { useNoLostWork } from '#web/components/workspace/no-lost-work';
import { queueSave } from '#web/components/workspace/save';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { invalidate, setQueryData, write } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { imagePart } from '#web/uploads/multipart';
import type { NewsValues } from './news-fields';

export const newsValues = (item: WorkspaceNewsItem | null): NewsValues => ({
  title: item?.title ?? '',
  description: item?.description ?? '',
  teaser: item?.teaser ?? '',
  ref: item ? { kind: item.ref.kind, id: item.ref.id, title: item.refTitle } : null,
  publishedAt: item ? toLocalInput(item.publishedAt) : '',
  thumbnail: null,
  removeThumbnail: false,
});

/** The JSON of a write; a removed thumbnail is named, a new one goes as a file. */
const newsBody = (v: NewsValues) => ({
  title: v.title,
  description: v.description,
  teaser: v.teaser,
  ...(v.ref ? { ref: { kind: v.ref.kind, id: v.ref.id } } : {}),
  ...(v.publishedAt ? { publishedAt: fromLocalInput(v.publishedAt) ?? undefined } : {}),
  ...(v.removeThumbnail && !v.thumbnail ? { thumbnailFileTag: null } : {}),
});

/** What the browser keeps of the form: a chosen thumbnail file cannot be kept. */
const keep = (v: NewsValues): NewsValues => ({ ...v, thumbnail: null });

/** The text fields of a news item (or of a revision's saved fields) for a line diff. */
export const newsTexts = (intl: IntlShape, n: Record<string, unknown>) =>
  textFields(intl, n, ['title', 'teaser', 'description']);

/**
 * The news form's submit. `base` is the item the form started from (useStartedFrom): its saves name its version,
 * and the row read after a save is taken as the new start.
 */
export function useNewsSave(
  form: Form<NewsValues>,
  base: { started: WorkspaceNewsItem | null; saved: (version: number) => void },
  queue: UploadQueue,
) {
  const item = base.started;
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const guard = useNoLostWork({
    kind: 'news',
    id: item?.id ?? null,
    form,
    keep,
    started: item,
    version: item?.version,
    current: async () => {
      const now = (await listWorkspaceNews({ id: item!.id })).items[0];
      if (!now) throw new Error('gone');
      return { item: now, version: now.version };
    },
    textsOf: (n) => newsTexts(intl, n),
    load: ({ item: theirs }) => setQueryData(keys.workspaceNewsItem(theirs.id), () => theirs),
  });

  /** `named`: the version the save named (the item's next one is the form's own). */
  const afterSave = async (savedId: string, saved: NewsValues, named: number | undefined) => {
    guard.saved();
    if (named !== undefined) base.saved(named + 1);
    await invalidate(['workspace'], ['news']);
    // What is typed meanwhile (a save waiting for the connection) stays a change.
    form.markSaved({ ...saved, thumbnail: null, removeThumbnail: false });
    form.setValues((v) => ({ ...v, thumbnail: null, removeThumbnail: false }));
    notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.saved' }) });
    if (!item) void navigate(`/myaccount/news/${savedId}`, { replace: true });
  };

  async function submit(overVersion?: number) {
    const { values } = form;
    // The version the form started from (or, saving over someone else's on purpose, theirs).
    const body = { ...newsBody(values), ...(item ? { version: overVersion ?? item.version } : {}) };
    const noRef = values.ref ? undefined : intl.formatMessage({ id: 'ws.news.refRequired' });
    if (!form.validate(item ? updateNewsBody : createNewsBody, body, { ref: noRef })) return;
    const save = (part?: Awaited<ReturnType<typeof imagePart>>, options?: Parameters<typeof updateNews>[3]) =>
      item ? updateNews(item.id, body, part, options) : createNews(createNewsBody.parse(body), part, options);
    const file = values.thumbnail;
    if (!file) {
      return void form.send(async () => {
        try {
          await afterSave((await write(() => save())).id, values, body.version);
        } catch (err) {
          if (!(await guard.failed(err, submit))) throw err;
        }
      });
    }
    const part = await imagePart(file);
    queueSave(queue, {
      name: file.name,
      size: file.size + part.variants.reduce((n, v) => n + v.blob.size, 0),
      run: (options) => save(part, options),
      onSaved: (saved) => afterSave(saved.id, values, body.version),
      onFailed: (err) => void guard.failed(err, submit).then((done) => done || form.refused(err)),
    });
  }

  return { submit, guard };
}
