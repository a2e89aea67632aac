// /myaccount/articles/new and /myaccount/articles/{id}: an article's form. A new article is saved as a draft
// first; then its gallery or videos, its address, its publication request and deleting it are offered.
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { type ArticleDocument } from '../../../schema/document';
import { plainText } from '../../../schema/document-text';
import type { Article } from '../../../schema/entities';
import { ARTICLE_TYPES } from '../../../schema/enums';
import { createArticleBody, LIMITS, updateArticleBody } from '../../../schema/requests';
import { listCategories } from '../../api/categories';
import {
  createArticle,
  deleteArticle,
  listUserChannels,
  setMediaKind,
  updateArticle,
  type ArticleChanges,
} from '../../api/editor';
import { getArticle } from '../../api/articles';
import { ApiError } from '../../api/errors';
import { listWorkspaceArticles } from '../../api/workspace';
import ArticlePreview from '../../components/rich-text/article-preview';
import BodyField from '../../components/rich-text/body-field';
import type { EditorMedia } from '../../components/rich-text/nodes';
import { RestoreOffer, useAutosave, whenOnline } from '../../components/workspace/autosave';
import { ConflictDialog } from '../../components/workspace/conflict-dialog';
import type { FieldTexts } from '../../components/workspace/diff-view';
import { Modal } from '../../components/workspace/modal';
import { PreviewLinksBox } from '../../components/workspace/preview-links';
import { RevisionsBox } from '../../components/workspace/revisions';
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
import { CategoryPicker, Checkbox, SelectField } from '../../components/workspace/fields';
import { WorkspacePage } from '../../components/workspace/frame';
import { ImagePicker } from '../../components/workspace/image-picker';
import { useLeaveGuard } from '../../components/workspace/leave-guard';
import { articlePublicPath } from '../../components/workspace/links';
import { WorkspaceMessages } from '../../components/workspace/messages';
import { PublicationBox } from '../../components/workspace/publication';
import { SlugBox } from '../../components/workspace/slug-box';
import { queueSave, snapshot } from '../../components/workspace/save';
import { UploadList, useUploadQueue, type UploadQueue } from '../../components/workspace/upload-queue';
import { imagePart } from '../../components/workspace/uploads';
import { invalidate, setQueryData, useQuery, write } from '../../data/cache';
import { useArticle } from '../../data/content';
import { keys } from '../../data/keys';
import { useSession } from '../../session/session';

// The gallery and video editors (drag and drop, uploads, frame capture) load when an article has media to edit.
const GallerySection = lazy(() => import('./gallery').then((m) => ({ default: m.GallerySection })));
const VideoSection = lazy(() => import('./videos').then((m) => ({ default: m.VideoSection })));

export default function WorkspaceArticleView() {
  return (
    <WorkspaceMessages>
      <ArticleScreen />
    </WorkspaceMessages>
  );
}

function ArticleScreen() {
  const intl = useIntl();
  // /myaccount/{section}/new or /myaccount/{section}/{id} (routes/workspace picks this view).
  const { item } = useParams();
  const articleId = item === 'new' ? undefined : item;
  const article = useArticle(articleId);
  const { queue, tasks, busy } = useUploadQueue();
  if (!articleId) {
    return (
      <ArticleForm article={null} queue={queue} tasks={<UploadList queue={queue} tasks={tasks} />} uploading={busy} />
    );
  }
  if (article.status !== 'ok') {
    return (
      <WorkspacePage section="articles" title={intl.formatMessage({ id: 'ws.articles.edit' })}>
        {article.status === 'loading' ? (
          <Loading />
        ) : (
          <LoadError
            error={article.error}
            notFound={intl.formatMessage({ id: 'ws.articles.notFound' })}
            onRetry={article.reload}
          />
        )}
      </WorkspacePage>
    );
  }
  return (
    <ArticleForm
      key={article.data.id}
      article={article.data}
      queue={queue}
      tasks={<UploadList queue={queue} tasks={tasks} />}
      uploading={busy}
    />
  );
}

interface Values {
  title: string;
  /** The text as a document (schema/document.ts); the server derives description from it. */
  body: ArticleDocument;
  teaser: string;
  type: Article['type'];
  channelId: string;
  categoryIds: string[];
  hidden: boolean;
  restricted: boolean;
  isAd: boolean;
  isEditorial: boolean;
  publishedAtCategory: boolean;
  published: boolean;
  thumbnail: File | null;
  removeThumbnail: boolean;
}

const valuesOf = (a: Article | null): Values => ({
  title: a?.title ?? '',
  body: a?.body ?? { version: 1, children: [] },
  teaser: a?.teaser ?? '',
  type: a?.type ?? 'text',
  channelId: a?.channelId ?? '',
  categoryIds: a?.categoryIds ?? [],
  hidden: a?.hidden ?? false,
  restricted: a?.restricted ?? false,
  isAd: a?.isAd ?? false,
  isEditorial: a?.isEditorial ?? false,
  publishedAtCategory: a?.publishedAtCategory ?? false,
  published: a?.published ?? false,
  thumbnail: null,
  removeThumbnail: false,
});

const FLAGS = ['hidden', 'restricted', 'isAd', 'isEditorial', 'publishedAtCategory'] as const;

/** What changed against the stored article, as PUT /articles/{id} takes it (files apart). */
export function articleChanges(article: Article, v: Values, admin: boolean): ArticleChanges {
  const changes: ArticleChanges = {};
  if (v.title !== article.title) changes.title = v.title;
  if (JSON.stringify(v.body) !== JSON.stringify(article.body)) changes.body = v.body;
  if (v.teaser !== article.teaser) changes.teaser = v.teaser;
  if (v.type !== article.type) changes.type = v.type;
  if ((v.channelId || null) !== article.channelId) changes.channelId = v.channelId || null;
  if (JSON.stringify(v.categoryIds) !== JSON.stringify(article.categoryIds)) changes.categoryIds = v.categoryIds;
  for (const flag of FLAGS) if (v[flag] !== article[flag]) changes[flag] = v[flag];
  if (admin && v.published !== article.published) changes.published = v.published;
  if (v.removeThumbnail && !v.thumbnail) changes.thumbnailFileTag = null;
  return changes;
}

function ArticleForm({
  article,
  queue,
  tasks,
  uploading,
}: {
  article: Article | null;
  queue: UploadQueue;
  tasks: React.ReactNode;
  uploading: boolean;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const form = useRef<HTMLFormElement>(null);
  const [confirm, confirmDialog] = useConfirm();
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();
  const initial = useMemo(() => valuesOf(article), [article]);
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(() => snapshot(initial));
  const [editorKey, setEditorKey] = useState(0);
  // A save (or a media change) brings a new article: the form starts from it, keeping what is being edited.
  const [base, setBase] = useState(initial);
  if (base !== initial) {
    setBase(initial);
    setValues((v) => (snapshot(v) === saved ? initial : v));
    // The editor holds its own copy of the text: a form that takes the new article reloads it.
    if (snapshot(values) === saved) setEditorKey((k) => k + 1);
    setSaved(snapshot(initial));
  }
  const dirty = snapshot(values) !== saved;
  useLeaveGuard(dirty || uploading, intl.formatMessage({ id: 'ws.leave' }));
  // No lost work (decision 029): the draft kept in this browser, a refused stale save, a save waiting for the network.
  const draft = useAutosave(
    user ? `${user.id}:article:${article?.id ?? 'new'}` : null,
    { ...values, thumbnail: null },
    dirty,
  );
  const [conflict, setConflict] = useState<Article | null>(null);
  const [offline, setOffline] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const restoreDraft = () => {
    if (draft.pending) setValues({ ...draft.pending.values, thumbnail: null });
    setEditorKey((k) => k + 1);
    draft.settle();
  };
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const ownerId = article?.userId ?? user?.id;
  const channels = useQuery(ownerId ? keys.userChannels(ownerId) : null, () => listUserChannels(ownerId!));
  const categories = useQuery(keys.categories(), listCategories);
  const status = useQuery(
    article ? keys.workspaceArticle(article.id) : null,
    async () => (await listWorkspaceArticles({ id: article!.id })).items[0] ?? null,
  );

  const afterSave = async (result: Article) => {
    if (!article) draft.move(`${user?.id ?? ''}:article:${result.id}`);
    draft.clear();
    await setQueryData(keys.article(result.id), () => result);
    await invalidate(['workspace'], ['articles'], ['channel'], ['category'], ['news']);
    notify({ kind: 'success', message: intl.formatMessage({ id: article ? 'ws.saved' : 'ws.articles.created' }) });
    if (!article) {
      setSaved(snapshot(values));
      void navigate(`/myaccount/articles/${result.id}`, { replace: true });
    }
  };

  async function submit(e?: FormEvent<HTMLFormElement>, overVersion?: number) {
    e?.preventDefault();
    setAlert(null);
    const { thumbnail, removeThumbnail: _, published: __, ...fields } = values;
    const changes = article
      ? articleChanges(article, values, admin)
      : { ...fields, channelId: fields.channelId || null };
    // The version the form started from (or, saving over someone else's on purpose, theirs).
    const body = article ? { ...changes, version: overVersion ?? article.version } : changes;
    const parsed = (article ? updateArticleBody : createArticleBody).safeParse(body);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(form.current);
    if (article && Object.keys(changes).length === 0 && !thumbnail) {
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.unchanged' }) });
      return;
    }
    if (thumbnail) {
      const part = await imagePart(thumbnail);
      queueSave(queue, {
        name: thumbnail.name,
        size: thumbnail.size + part.variants.reduce((n, v) => n + v.blob.size, 0),
        run: (options) =>
          article
            ? updateArticle(article.id, body, part, options)
            : createArticle(createArticleBody.parse(body), part, options),
        onSaved: afterSave,
        onFailed: (err) => void saveFailed(err),
      });
      return;
    }
    await send(async () => {
      try {
        const result = await (article ? updateArticle(article.id, body) : createArticle(createArticleBody.parse(body)));
        await afterSave(result);
      } catch (err) {
        if (!(await saveFailed(err))) throw err;
      }
    });
  }

  /** A stale save opens the conflict dialog; a lost connection waits for it and saves again. True when handled. */
  async function saveFailed(err: unknown): Promise<boolean> {
    if (article && err instanceof ApiError && err.code === 409) {
      setConflict(await getArticle(article.id));
      return true;
    }
    if (!navigator.onLine) {
      setOffline(true);
      await whenOnline();
      setOffline(false);
      form.current?.requestSubmit();
      return true;
    }
    setAlert(errorMessage(err));
    return err instanceof ApiError;
  }

  async function remove() {
    if (!article) return;
    const ok = await confirm({
      title: intl.formatMessage({ id: 'ws.articles.deleteTitle' }),
      message: intl.formatMessage({ id: 'ws.articles.deleteText' }, { title: article.title }),
      confirmLabel: intl.formatMessage({ id: 'ws.delete' }),
    });
    if (!ok) return;
    await send(
      async () => {
        await write(() => deleteArticle(article.id), {
          invalidate: [['workspace'], ['articles'], ['channel'], ['category'], ['news'], keys.article(article.id)],
        });
        setSaved(snapshot(values));
        notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.deleted' }, { title: article.title }) });
        void navigate('/myaccount/articles', { replace: true });
      },
      { keepBusy: true },
    );
  }

  const title = article
    ? intl.formatMessage({ id: 'ws.articles.editNamed' }, { title: article.title })
    : intl.formatMessage({ id: 'ws.articles.new' });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <WorkspacePage
      section="articles"
      title={title}
      actions={article && <Link to={articlePublicPath(article)}>{t('ws.viewPublic')}</Link>}
    >
      <FormAlert message={alert} />
      {draft.pending && (
        <RestoreOffer savedAt={draft.pending.savedAt} onRestore={restoreDraft} onDiscard={() => draft.settle()} />
      )}
      {offline && (
        <p className="ws-offline" role="status">
          {t('rt.offline')}
        </p>
      )}
      <form ref={form} noValidate onSubmit={(e) => void submit(e)} className="ws-form">
        <TextField
          label={t('ws.field.title')}
          name="title"
          required
          maxLength={LIMITS.title}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
        />
        <div className="field-row">
          <SelectField
            label={t('ws.field.type')}
            value={values.type}
            onChange={(e) => set('type', e.currentTarget.value as Values['type'])}
            error={errors.type}
          >
            {ARTICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`ws.articleType.${type}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('ws.field.channel')}
            value={values.channelId}
            onChange={(e) => set('channelId', e.currentTarget.value)}
            error={errors.channelId}
          >
            <option value="">{t('ws.field.noChannel')}</option>
            {(channels.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        <TextArea
          label={t('ws.field.teaser')}
          name="teaser"
          rows={2}
          maxLength={LIMITS.teaser}
          value={values.teaser}
          onChange={(e) => set('teaser', e.currentTarget.value)}
          error={errors.teaser}
        />
        <BodyField
          key={editorKey}
          label={t('ws.field.description')}
          value={values.body}
          onChange={(doc) => set('body', doc)}
          media={editorMedia(article)}
          error={errors.body}
        />
        <CategoryPicker
          legend={t('ws.field.categories')}
          categories={categories.data ?? []}
          selected={values.categoryIds}
          onChange={(ids) => set('categoryIds', ids)}
          error={errors.categoryIds}
        />
        <ImagePicker
          label={t('ws.field.thumbnail')}
          current={values.removeThumbnail ? null : (article?.thumbnailHref ?? null)}
          file={values.thumbnail}
          onFile={(file) => set('thumbnail', file)}
          onRemove={article?.thumbnailHref ? () => set('removeThumbnail', true) : undefined}
        />
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
          {admin && article && (
            <Checkbox
              label={t('ws.flag.published')}
              hint={t('ws.flag.published.hint')}
              checked={values.published}
              onChange={(e) => set('published', e.currentTarget.checked)}
            />
          )}
        </fieldset>
        {!article && tasks}
        <p className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t(article ? 'ws.save' : 'ws.articles.create')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setPreviewing(true)}>
            {t('rt.preview')}
          </button>
          {article && (
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void remove()}>
              {t('ws.delete')}
            </button>
          )}
        </p>
      </form>
      {article && (
        <>
          <MediaSections article={article} queue={queue} />
          {tasks}
          <SlugBox kind="article" id={article.id} slug={article.slug} />
          <PublicationBox contentId={article.id} type="article" status={status.data ?? null} />
          <PreviewLinksBox type="article" id={article.id} />
          <RevisionsBox
            type="article"
            id={article.id}
            version={article.version}
            current={{ ...article, body: article.body }}
            textsOf={(f) => articleTexts(intl, f)}
            onRestored={async (result) => {
              await afterSave(result as Article);
            }}
          />
        </>
      )}
      {previewing && (
        <Modal title={t('rt.previewTitle')} onClose={() => setPreviewing(false)}>
          <div className="ws-preview">
            <ArticlePreview
              article={{
                title: values.title,
                teaser: values.teaser,
                body: values.body,
                media: article?.media ?? null,
                thumbnailHref: values.removeThumbnail ? null : (article?.thumbnailHref ?? null),
                createdAt: article?.createdAt ?? new Date().toISOString(),
              }}
            />
          </div>
          <p className="actions">
            <button type="button" className="button" onClick={() => setPreviewing(false)}>
              {t('rt.closePreview')}
            </button>
          </p>
        </Modal>
      )}
      {conflict && article && (
        <ConflictDialog
          fields={articleTexts(intl, article).map((f, i) => ({
            ...f,
            before: f.after,
            after: articleTexts(intl, conflict)[i]!.after,
          }))}
          onCancel={() => setConflict(null)}
          onReload={() => {
            draft.clear();
            setConflict(null);
            setSaved(snapshot(values));
            void setQueryData(keys.article(conflict.id), () => conflict);
          }}
          onOverwrite={() => {
            const theirs = conflict.version;
            setConflict(null);
            void submit(undefined, theirs);
          }}
        />
      )}
      {confirmDialog}
    </WorkspacePage>
  );
}

/** The gallery or the videos, as the article's type says; a media of the other kind is offered to be switched. */
function MediaSections({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const notify = useNotify();
  const [confirm, confirmDialog] = useConfirm();
  const wanted = article.type === 'gallery' ? 'gallery' : article.type === 'video' ? 'video' : null;
  if (!wanted) return null;
  const other = article.media && article.media.kind !== wanted ? article.media : null;
  const switchKind = async () => {
    const count = other?.kind === 'gallery' ? other.images.length : other?.kind === 'video' ? other.videos.length : 0;
    const ok = await confirm({
      title: intl.formatMessage({ id: 'ws.media.switchTitle' }),
      message: intl.formatMessage({ id: `ws.media.switchText.${wanted}` }, { count }),
      confirmLabel: intl.formatMessage({ id: 'ws.media.switch' }),
    });
    if (!ok) return;
    try {
      const saved = await write(() => setMediaKind(article.id, wanted));
      await setQueryData(keys.article(saved.id), () => saved);
    } catch (err) {
      notify({ kind: 'error', message: errorMessage(err) });
    }
  };
  if (other) {
    return (
      <section className="ws-box">
        <p>{intl.formatMessage({ id: `ws.media.other.${other.kind}` })}</p>
        <button type="button" className="button button-secondary" onClick={() => void switchKind()}>
          {intl.formatMessage({ id: 'ws.media.switch' })}
        </button>
        {confirmDialog}
      </section>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      {wanted === 'gallery' ? (
        <GallerySection article={article} queue={queue} />
      ) : (
        <VideoSection article={article} queue={queue} />
      )}
    </Suspense>
  );
}

/** The article's pictures and videos, as the editor offers them to be placed in the text. */
function editorMedia(article: Article | null): EditorMedia {
  const media = article?.media;
  return {
    images: media?.kind === 'gallery' ? media.images : [],
    videos: media?.kind === 'video' ? media.videos : [],
  };
}

/** The text fields of an article (or of a revision's saved fields) for a line diff. */
function articleTexts(intl: IntlShape, a: Record<string, unknown>): FieldTexts[] {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const body = a.body as ArticleDocument | null | undefined;
  return [
    { label: intl.formatMessage({ id: 'ws.field.title' }), before: '', after: text(a.title) },
    { label: intl.formatMessage({ id: 'ws.field.teaser' }), before: '', after: text(a.teaser) },
    {
      label: intl.formatMessage({ id: 'ws.field.description' }),
      before: '',
      after: body ? plainText(body) : text(a.description),
    },
  ];
}
