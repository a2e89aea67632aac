// /myaccount/news/new and /myaccount/news/{id}: a news item's form (title, description, teaser, thumbnail, the
// article or channel it points at, chosen with the search type-ahead, and when it is published), Preview of the
// unsaved title and text, preview links, revisions and deleting it. Saves name the version the form started from.
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { WorkspaceNewsItem } from '../../../../../schema/workspace';
import { createNewsBody, updateNewsBody } from '../../../../../schema/requests';
import { createNews, deleteNews, updateNews } from '../../../../api/news-edit';
import { listWorkspaceNews } from '../../../../api/workspace';
import { FormAlert } from '../../../../components/form';
import { useNotify } from '../../../../components/notifications';
import { fromLocalInput, toLocalInput } from '../../../../components/screen-kit/local-time';
import { useForm } from '../../../../components/screen-kit/use-form';
import { errorMessage } from '../../../../components/view-state';
import { WorkspacePage } from '../../../../components/workspace/frame';
import { FormButtons, ItemLoading, useDeleteItem } from '../../../../components/workspace/form-page';
import { WorkspaceMessages } from '../../../../components/workspace/messages';
import { PlainPreview } from '../../../../components/workspace/plain-preview';
import { PreviewLinksBox } from '../../../../components/workspace/preview-links';
import { ActivityBox } from '../../../../components/workspace/activity';
import { RevisionsBox } from '../../../../components/workspace/revisions';
import { queueSave } from '../../../../components/workspace/save';
import { UploadList, useUploadQueue } from '../../../../components/workspace/upload-queue';
import { invalidate, useQuery, write } from '../../../../data/cache';
import { keys } from '../../../../data/keys';
import { imagePart } from '../../../../uploads/multipart';
import { NewsFields, type NewsValues } from './news-fields';

export default function WorkspaceNewsItemView() {
  return (
    <WorkspaceMessages>
      <NewsItemScreen />
    </WorkspaceMessages>
  );
}

function NewsItemScreen() {
  const intl = useIntl();
  const { item } = useParams();
  const newsId = item === 'new' ? undefined : item;
  const existing = useQuery(newsId ? keys.workspaceNewsItem(newsId) : null, async () => {
    const page = await listWorkspaceNews({ id: newsId! });
    return page.items[0] ?? null;
  });
  const title = intl.formatMessage({ id: newsId ? 'ws.news.edit' : 'ws.news.new' });
  const notFound = intl.formatMessage({ id: 'ws.news.notFound' });
  if (newsId && existing.status !== 'ok')
    return <ItemLoading section="news" title={title} item={existing} notFound={notFound} />;
  if (newsId && !existing.data) {
    return (
      <WorkspacePage section="news" title={title}>
        <p role="alert">{notFound}</p>
      </WorkspacePage>
    );
  }
  return <NewsItemForm key={newsId ?? 'new'} item={existing.data ?? null} title={title} />;
}

const newsValues = (item: WorkspaceNewsItem | null): NewsValues => ({
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

function NewsItemForm({ item, title }: { item: WorkspaceNewsItem | null; title: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const notify = useNotify();
  const navigate = useNavigate();
  const { queue, tasks, busy: uploading } = useUploadQueue();
  const initial = useMemo(() => newsValues(item), [item]);
  const form = useForm({ initial, leaveMessage: t('ws.leave'), blockLeave: uploading });
  const { values, setAlert, ref: formElement } = form;
  useEffect(() => setAlert(null), [values, setAlert]);
  const [remove, deleteDialog] = useDeleteItem(
    form,
    {
      title: t('ws.news.deleteTitle'),
      message: t('ws.news.deleteText', { title: item?.title ?? '' }),
      list: '/myaccount/news',
      remove: () => write(() => deleteNews(item!.id), { invalidate: [['workspace'], ['news']] }),
    },
    item?.title ?? '',
  );

  const afterSave = async (savedId: string) => {
    await invalidate(['workspace'], ['news']);
    const next = { ...values, thumbnail: null, removeThumbnail: false };
    form.markSaved(next);
    form.setValues(next);
    notify({ kind: 'success', message: t('ws.saved') });
    if (!item) void navigate(`/myaccount/news/${savedId}`, { replace: true });
  };

  async function submit() {
    // The version the form started from: a save after someone else's is 409 (decision 029).
    const body = { ...newsBody(values), ...(item?.version ? { version: item.version } : {}) };
    const noRef = values.ref ? undefined : t('ws.news.refRequired');
    if (!form.validate(item ? updateNewsBody : createNewsBody, body, { ref: noRef })) return;
    const save = (part?: Awaited<ReturnType<typeof imagePart>>, options?: Parameters<typeof updateNews>[3]) =>
      item ? updateNews(item.id, body, part, options) : createNews(createNewsBody.parse(body), part, options);
    const file = values.thumbnail;
    if (!file) return void form.send(async () => afterSave((await write(() => save())).id));
    const part = await imagePart(file);
    queueSave(queue, {
      name: file.name,
      size: file.size + part.variants.reduce((n, v) => n + v.blob.size, 0),
      run: (options) => save(part, options),
      onSaved: (saved) => afterSave(saved.id),
      onFailed: (err) => setAlert(errorMessage(err)),
    });
  }

  return (
    <WorkspacePage section="news" title={item ? t('ws.news.editNamed', { title: item.title }) : title}>
      <FormAlert message={form.alert} />
      <form ref={formElement} noValidate onSubmit={form.onSubmit(submit)} className="ws-form">
        <NewsFields form={form} item={item} />
        <UploadList queue={queue} tasks={tasks} />
        <FormButtons
          busy={form.busy || uploading}
          submitLabel={t(item ? 'ws.save' : 'ws.news.create')}
          onDelete={item ? () => void remove() : undefined}
        >
          <PlainPreview title={values.title} teaser={values.teaser} text={values.description} />
        </FormButtons>
      </form>
      {item && (
        <>
          <PreviewLinksBox type="news" id={item.id} />
          <ActivityBox id={item.id} />
          <RevisionsBox
            type="news"
            id={item.id}
            version={item.version ?? 1}
            current={item}
            textsOf={(f) =>
              (['title', 'teaser', 'description'] as const).map((k) => ({
                label: t(`ws.field.${k}`),
                before: '',
                after: typeof f[k] === 'string' ? f[k] : '',
              }))
            }
            onRestored={async (result) => {
              const n = result as { title: string; description: string; teaser: string };
              const next = { ...values, title: n.title, description: n.description, teaser: n.teaser };
              form.markSaved(next);
              form.setValues(next);
              await invalidate(['workspace'], ['news']);
            }}
          />
        </>
      )}
      {deleteDialog}
    </WorkspacePage>
  );
}
