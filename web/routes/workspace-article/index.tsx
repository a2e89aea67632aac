// /myaccount/articles/new and /myaccount/articles/{id}: an article's form. A new article is saved as a draft
// first; then its gallery or videos, its address, its publication request and deleting it are offered.
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
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
import { listWorkspaceArticles } from '../../api/workspace';
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
  description: string;
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
  description: a?.description ?? '',
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
  if (v.description !== article.description) changes.description = v.description;
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
  // A save (or a media change) brings a new article: the form starts from it, keeping what is being edited.
  const [base, setBase] = useState(initial);
  if (base !== initial) {
    setBase(initial);
    setValues((v) => (snapshot(v) === saved ? initial : v));
    setSaved(snapshot(initial));
  }
  const dirty = snapshot(values) !== saved;
  useLeaveGuard(dirty || uploading, intl.formatMessage({ id: 'ws.leave' }));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const ownerId = article?.userId ?? user?.id;
  const channels = useQuery(ownerId ? keys.userChannels(ownerId) : null, () => listUserChannels(ownerId!));
  const categories = useQuery(keys.categories(), listCategories);
  const status = useQuery(
    article ? keys.workspaceArticle(article.id) : null,
    async () => (await listWorkspaceArticles({ id: article!.id })).items[0] ?? null,
  );

  const afterSave = async (result: Article) => {
    await setQueryData(keys.article(result.id), () => result);
    await invalidate(['workspace'], ['articles'], ['channel'], ['category'], ['news']);
    notify({ kind: 'success', message: intl.formatMessage({ id: article ? 'ws.saved' : 'ws.articles.created' }) });
    if (!article) {
      setSaved(snapshot(values));
      void navigate(`/myaccount/articles/${result.id}`, { replace: true });
    }
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setAlert(null);
    const { thumbnail, removeThumbnail: _, published: __, ...fields } = values;
    const body = article ? articleChanges(article, values, admin) : { ...fields, channelId: fields.channelId || null };
    const parsed = (article ? updateArticleBody : createArticleBody).safeParse(body);
    const found = parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(form.current);
    if (article && Object.keys(body).length === 0 && !thumbnail) {
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
        onFailed: (err) => setAlert(errorMessage(err)),
      });
      return;
    }
    await send(async () => {
      const result = await (article ? updateArticle(article.id, body) : createArticle(createArticleBody.parse(body)));
      await afterSave(result);
    });
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
        <TextArea
          label={t('ws.field.description')}
          name="description"
          rows={10}
          maxLength={LIMITS.text}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
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
        </>
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
