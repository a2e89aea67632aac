// /myaccount/news/new and /myaccount/news/{id}: a news item's form (title, description, teaser, thumbnail, the
// article or channel it points at, chosen with the search type-ahead, and when it is published), and deleting it.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { SearchItem } from '../../../schema/entities';
import type { WorkspaceNewsItem } from '../../../schema/workspace';
import { createNewsBody, LIMITS, updateNewsBody } from '../../../schema/requests';
import { createNews, deleteNews, updateNews } from '../../api/editor';
import { listWorkspaceNews } from '../../api/workspace';
import {
  FormAlert,
  TextArea,
  TextField,
  focusFirstInvalid,
  issuesToFieldErrors,
  useFormState,
} from '../../components/form';
import { useNotify } from '../../components/notifications';
import SearchBox from '../../components/search-box';
import { LoadError, Loading } from '../../components/view-state';
import { useConfirm } from '../../components/workspace/confirm';
import { WorkspacePage } from '../../components/workspace/frame';
import { ImagePicker } from '../../components/workspace/image-picker';
import { useLeaveGuard } from '../../components/workspace/leave-guard';
import { refPublicPath } from '../../components/workspace/links';
import { WorkspaceMessages } from '../../components/workspace/messages';
import { PlainPreview } from '../../components/workspace/plain-preview';
import { PreviewLinksBox } from '../../components/workspace/preview-links';
import { RevisionsBox } from '../../components/workspace/revisions';
import { queueSave, snapshot } from '../../components/workspace/save';
import { UploadList, useUploadQueue } from '../../components/workspace/upload-queue';
import { imagePart } from '../../components/workspace/uploads';
import { invalidate, useQuery, write } from '../../data/cache';
import { keys } from '../../data/keys';

const REF_KINDS = ['article', 'channel'] as const;

export default function WorkspaceNewsItemView() {
  return (
    <WorkspaceMessages>
      <NewsItemScreen />
    </WorkspaceMessages>
  );
}

function NewsItemScreen() {
  const intl = useIntl();
  // /myaccount/{section}/new or /myaccount/{section}/{id} (routes/workspace picks this view).
  const { item } = useParams();
  const newsId = item === 'new' ? undefined : item;
  const existing = useQuery(newsId ? keys.workspaceNewsItem(newsId) : null, async () => {
    const page = await listWorkspaceNews({ id: newsId! });
    return page.items[0] ?? null;
  });
  const title = intl.formatMessage({ id: newsId ? 'ws.news.edit' : 'ws.news.new' });
  if (newsId && existing.status !== 'ok') {
    return (
      <WorkspacePage section="news" title={title}>
        {existing.status === 'loading' ? (
          <Loading />
        ) : (
          <LoadError
            error={existing.error}
            notFound={intl.formatMessage({ id: 'ws.news.notFound' })}
            onRetry={existing.reload}
          />
        )}
      </WorkspacePage>
    );
  }
  if (newsId && !existing.data) {
    return (
      <WorkspacePage section="news" title={title}>
        <p role="alert">{intl.formatMessage({ id: 'ws.news.notFound' })}</p>
      </WorkspacePage>
    );
  }
  return <NewsItemForm key={newsId ?? 'new'} item={existing.data ?? null} title={title} />;
}

type Ref = { kind: 'article' | 'channel'; id: string; title: string };

/** A date-time input's value (local time, minutes) of an ISO instant, and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

function NewsItemForm({ item, title }: { item: WorkspaceNewsItem | null; title: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const { queue, tasks, busy: uploading } = useUploadQueue();
  const [confirm, confirmDialog] = useConfirm();
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();
  const initial = useMemo(
    () => ({
      title: item?.title ?? '',
      description: item?.description ?? '',
      teaser: item?.teaser ?? '',
      ref: item ? { kind: item.ref.kind, id: item.ref.id, title: item.refTitle } : (null as Ref | null),
      publishedAt: item ? toLocalInput(item.publishedAt) : '',
      thumbnail: null as File | null,
      removeThumbnail: false,
    }),
    [item],
  );
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(snapshot(initial));
  const dirty = snapshot(values) !== saved;
  useLeaveGuard(dirty || uploading, intl.formatMessage({ id: 'ws.leave' }));
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  useEffect(() => setAlert(null), [values, setAlert]);

  const body = () => ({
    title: values.title,
    description: values.description,
    teaser: values.teaser,
    ...(values.ref ? { ref: { kind: values.ref.kind, id: values.ref.id } } : {}),
    ...(values.publishedAt ? { publishedAt: fromLocalInput(values.publishedAt) } : {}),
  });

  const afterSave = async (savedId: string) => {
    await invalidate(['workspace'], ['news']);
    setSaved(snapshot({ ...values, thumbnail: null, removeThumbnail: false }));
    setValues((v) => ({ ...v, thumbnail: null, removeThumbnail: false }));
    notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.saved' }) });
    if (!item) void navigate(`/myaccount/news/${savedId}`, { replace: true });
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const json = body();
    const parsed = (item ? updateNewsBody : createNewsBody).safeParse(json);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, json);
    if (!values.ref) found.ref = intl.formatMessage({ id: 'ws.news.refRequired' });
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    const changes = {
      ...json,
      ...(values.removeThumbnail && !values.thumbnail ? { thumbnailFileTag: null } : {}),
      // The version the form started from: a save after someone else's is 409 (decision 029).
      ...(item?.version ? { version: item.version } : {}),
    };
    const file = values.thumbnail;
    if (file) {
      const part = await imagePart(file);
      queueSave(queue, {
        name: file.name,
        size: file.size + part.variants.reduce((n, v) => n + v.blob.size, 0),
        run: (options) =>
          item ? updateNews(item.id, changes, part, options) : createNews(createNewsBody.parse(changes), part, options),
        onSaved: (savedItem) => afterSave(savedItem.id),
        onFailed: (err) => setAlert(err instanceof Error ? err.message : String(err)),
      });
      return;
    }
    await send(async () => {
      const savedItem = await write(() =>
        item ? updateNews(item.id, changes) : createNews(createNewsBody.parse(changes)),
      );
      await afterSave(savedItem.id);
    });
  }

  async function remove() {
    if (!item) return;
    const ok = await confirm({
      title: intl.formatMessage({ id: 'ws.news.deleteTitle' }),
      message: intl.formatMessage({ id: 'ws.news.deleteText' }, { title: item.title }),
      confirmLabel: intl.formatMessage({ id: 'ws.delete' }),
    });
    if (!ok) return;
    await send(
      async () => {
        await write(() => deleteNews(item.id), { invalidate: [['workspace'], ['news']] });
        setSaved(snapshot(values));
        notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.deleted' }, { title: item.title }) });
        void navigate('/myaccount/news', { replace: true });
      },
      { keepBusy: true },
    );
  }

  const chooseRef = (hit: SearchItem) => set('ref', { kind: hit.kind as Ref['kind'], id: hit.value, title: hit.label });

  return (
    <WorkspacePage
      section="news"
      title={item ? intl.formatMessage({ id: 'ws.news.editNamed' }, { title: item.title }) : title}
    >
      <FormAlert message={alert} />
      <form ref={form} noValidate onSubmit={(e) => void submit(e)} className="ws-form">
        <TextField
          label={intl.formatMessage({ id: 'ws.field.title' })}
          name="title"
          required
          maxLength={LIMITS.title}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
        />
        <TextArea
          label={intl.formatMessage({ id: 'ws.field.teaser' })}
          name="teaser"
          rows={2}
          maxLength={LIMITS.teaser}
          value={values.teaser}
          onChange={(e) => set('teaser', e.currentTarget.value)}
          error={errors.teaser}
        />
        <TextArea
          label={intl.formatMessage({ id: 'ws.field.description' })}
          name="description"
          rows={6}
          maxLength={LIMITS.text}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        <fieldset className={errors.ref ? 'ws-ref field-invalid' : 'ws-ref'}>
          <legend>{intl.formatMessage({ id: 'ws.news.ref' })}</legend>
          {values.ref ? (
            <p>
              <strong>
                {intl.formatMessage(
                  { id: values.ref.kind === 'article' ? 'ws.news.refArticle' : 'ws.news.refChannel' },
                  { title: values.ref.title },
                )}
              </strong>{' '}
              <Link to={refPublicPath(values.ref)} target="_blank" rel="noreferrer">
                {intl.formatMessage({ id: 'ws.viewPublic' })}
              </Link>{' '}
              <button type="button" className="link-button" onClick={() => set('ref', null)}>
                {intl.formatMessage({ id: 'ws.news.refChange' })}
              </button>
            </p>
          ) : (
            <SearchBox onChoose={chooseRef} kinds={REF_KINDS} label={intl.formatMessage({ id: 'ws.news.refSearch' })} />
          )}
          {errors.ref && <p className="field-error">{errors.ref}</p>}
        </fieldset>
        <div className="field">
          <label htmlFor="ws-news-published">{intl.formatMessage({ id: 'ws.news.publishedAt' })}</label>
          <input
            id="ws-news-published"
            type="datetime-local"
            value={values.publishedAt}
            onChange={(e) => set('publishedAt', e.currentTarget.value)}
            aria-describedby="ws-news-published-hint"
          />
          <p className="field-hint" id="ws-news-published-hint">
            {intl.formatMessage({ id: 'ws.news.publishedAtHint' })}
          </p>
        </div>
        <ImagePicker
          label={intl.formatMessage({ id: 'ws.field.thumbnail' })}
          current={values.removeThumbnail ? null : (item?.thumbnailHref ?? null)}
          file={values.thumbnail}
          onFile={(file) => set('thumbnail', file)}
          onRemove={item?.thumbnailHref ? () => set('removeThumbnail', true) : undefined}
        />
        <UploadList queue={queue} tasks={tasks} />
        <p className="actions">
          <button type="submit" className="button" disabled={busy || uploading}>
            {intl.formatMessage({ id: item ? 'ws.save' : 'ws.news.create' })}
          </button>
          <PlainPreview title={values.title} teaser={values.teaser} text={values.description} />
          {item && (
            <button
              type="button"
              className="button button-danger"
              disabled={busy || uploading}
              onClick={() => void remove()}
            >
              {intl.formatMessage({ id: 'ws.delete' })}
            </button>
          )}
        </p>
      </form>
      {item && (
        <>
          <PreviewLinksBox type="news" id={item.id} />
          <RevisionsBox
            type="news"
            id={item.id}
            version={item.version ?? 1}
            current={item}
            textsOf={(f) =>
              (['title', 'teaser', 'description'] as const).map((k) => ({
                label: intl.formatMessage({ id: `ws.field.${k}` }),
                before: '',
                after: typeof f[k] === 'string' ? f[k] : '',
              }))
            }
            onRestored={async (result) => {
              const n = result as { title: string; description: string; teaser: string };
              const next = { ...values, title: n.title, description: n.description, teaser: n.teaser };
              setValues(next);
              setSaved(snapshot(next));
              await invalidate(['workspace'], ['news']);
            }}
          />
        </>
      )}
      {confirmDialog}
    </WorkspacePage>
  );
}
