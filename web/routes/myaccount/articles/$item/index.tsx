// /myaccount/articles/new and /myaccount/articles/{id}: an article's form. A new article is saved as a draft
// first; then its gallery or videos, its address, its publication request, preview links, revisions and deleting
// it are offered. Saves name the version the form started from (a stale one opens the conflict dialog).
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Article } from '#schema/entities';
import { deleteArticle } from '#web/api/articles-edit';
import { listWorkspaceArticles } from '#web/api/workspace';
import { FormAlert } from '#web/components/form';
import { CollabBar, useSharedFields } from '#web/components/rich-text/collab/collab-bar';
import { useArticleRoom } from '#web/components/rich-text/collab/use-room';
import type { PictureUpload } from '#web/components/rich-text/nodes';
import { useForm } from '#web/components/screen-kit/use-form';
import { WorkspacePage } from '#web/components/workspace/frame';
import { FormButtons, useDeleteItem } from '#web/components/workspace/form-page';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { useStartedFrom } from '#web/components/workspace/no-lost-work';
import { LoadedOwnedItem } from '#web/components/workspace/not-yours';
import { PublicationBox } from '#web/components/workspace/publication';
import { ItemHistory } from '#web/components/workspace/revisions';
import { SlugBox } from '#web/components/workspace/slug-box';
import { UploadList, useUploadQueue, type UploadQueue } from '#web/components/workspace/upload-queue';
import { useQuery, write } from '#web/data/cache';
import { useArticleSource } from '#web/data/content';
import { keys } from '#web/data/keys';
import { articleHomePath } from '#web/paths';
import { useSession } from '#web/session/session';
import { ArticleFields } from './article-fields';
import { ImportedFromLine } from './imported-from';
import { articleValues } from './changes';
import { canTakePictures, pictureUploader } from './gallery-upload';
import { MediaSections } from './media-sections';
import { ArticlePreviewModal, articleTexts } from './no-lost-work';
import { useArticleSave } from './use-article-save';

// The languages box loads after the form (the form's view stays within its budget, test/web/budget.test.ts).
const ArticleTranslations = lazy(() => import('./translations').then((m) => ({ default: m.ArticleTranslations })));

export default withMessages(WorkspaceMessages, ArticleScreen);

function ArticleScreen() {
  const { item } = useParams();
  const articleId = item === 'new' ? undefined : item;
  const article = useArticleSource(articleId);
  const { queue, tasks, busy } = useUploadQueue();
  const uploads = <UploadList queue={queue} tasks={tasks} />;
  // The article this screen's new form created: the same form goes on with it at its address (same element, same
  // key), keeping what was typed meanwhile and an upload under way (its first picture creates the draft). Leaving
  // that address (another article, a new one) ends it: the next new form is a fresh one.
  const [made, setMade] = useState<{ id: string | null; arrived: boolean; form: number }>({
    id: null,
    arrived: false,
    form: 0,
  });
  if (made.id && !made.arrived && articleId === made.id) setMade({ ...made, arrived: true });
  if (made.id && made.arrived && articleId !== made.id) setMade({ id: null, arrived: false, form: made.form + 1 });
  if (!articleId || articleId === made.id) {
    return (
      <ArticleForm
        key={`new-${made.form}`}
        article={articleId ? (article.data ?? null) : null}
        queue={queue}
        tasks={uploads}
        uploading={busy}
        onCreated={(id) => setMade((m) => ({ ...m, id, arrived: false }))}
      />
    );
  }
  return (
    <LoadedOwnedItem section="articles" item={article} name={(a) => a.title} publicPath={articleHomePath}>
      {(a) => <ArticleForm key={a.id} article={a} queue={queue} tasks={uploads} uploading={busy} />}
    </LoadedOwnedItem>
  );
}

interface FormProps {
  article: Article | null;
  queue: UploadQueue;
  tasks: ReactNode;
  uploading: boolean;
  onCreated?: (id: string) => void;
}

function ArticleForm({ article, queue, tasks, uploading, onCreated }: FormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  // The fields and the version the form started from; `article` is the latest read (its media, address and boxes
  // below show it: a picture uploaded from the editor is in it, not in what the form started from).
  const base = useStartedFrom(article);
  const initial = useMemo(() => articleValues(base.started), [base.started]);
  const form = useForm({ initial, leaveMessage: t('ws.leave'), blockLeave: uploading });
  base.follow(form.dirty);
  const { ref: formElement } = form;
  // The editor holds its own copy of the text: a form that takes a new text (theirs, a draft) loads it again. A new
  // answer with the same text (a picture added to the gallery, one uploaded from the editor) leaves it alone.
  const [editorKey, setEditorKey] = useState(0);
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    if (!form.dirty && JSON.stringify(initial.body) !== JSON.stringify(shown.body)) setEditorKey((k) => k + 1);
  }
  // An existing article is edited together (decision 051): the form opens its room and edits alone until the
  // room's document arrived, then the editor reloads in the room (unless a shared field was changed meanwhile).
  const touched = () =>
    form.values.title !== initial.title ||
    form.values.teaser !== initial.teaser ||
    JSON.stringify(form.values.body) !== JSON.stringify(initial.body);
  const { connection, mode } = useArticleRoom(article?.id, user, touched, () => setEditorKey((k) => k + 1));
  const joined = mode === 'joined' ? connection : null;
  const room = joined?.handle ?? null;
  const { submit, afterSave, guard, createDraft } = useArticleSave(
    form,
    base,
    queue,
    (values) => {
      form.setValues(values);
      setEditorKey((k) => k + 1);
    },
    onCreated,
    () => room?.status() === 'live' && room.ready(),
  );
  const collab = useMemo(() => (joined ? { connection: joined } : undefined), [joined]);
  useSharedFields(room, form);
  const [previewing, setPreviewing] = useState(false);
  // The latest createDraft (it reads the form's values of the moment), for the uploader made once.
  const draftNow = useRef(createDraft);
  useEffect(() => {
    draftNow.current = createDraft;
  });
  const takesPictures = form.values.type !== 'video';
  const uploadPicture = useMemo((): PictureUpload | undefined => {
    if (article) return canTakePictures(article) ? pictureUploader(queue, article) : undefined;
    if (!takesPictures) return undefined;
    // A new article: its first picture saves it as a draft, then goes into its gallery.
    return async (file, options) => pictureUploader(queue, await draftNow.current())(file, options);
  }, [article, queue, takesPictures]);
  const status = useQuery(
    article ? keys.workspaceArticle(article.id) : null,
    async () => (await listWorkspaceArticles({ id: article!.id })).items[0] ?? null,
  );
  const [remove, deleteDialog] = useDeleteItem(
    form,
    {
      title: t('ws.articles.deleteTitle'),
      message: t('ws.articles.deleteText', { title: article?.title ?? '' }),
      list: '/myaccount/articles',
      remove: () =>
        write(() => deleteArticle(article!.id), {
          invalidate: [['workspace'], ['articles'], ['channel'], ['category'], ['news'], keys.article(article!.id)],
        }),
    },
    article?.title ?? '',
  );

  return (
    <WorkspacePage
      section="articles"
      title={article ? t('ws.articles.editNamed', { title: article.title }) : t('ws.articles.new')}
      actions={article && <Link to={articleHomePath(article)}>{t('ws.viewPublic')}</Link>}
    >
      <CollabBar room={connection?.handle ?? null} mode={mode} />
      <FormAlert message={form.alert} />
      {article && <ImportedFromLine source={article.importedFrom} />}
      {guard.notices}
      {article && (
        <Suspense fallback={null}>
          <ArticleTranslations article={article} row={status.data ?? null} />
        </Suspense>
      )}
      <form ref={formElement} noValidate onSubmit={form.onSubmit(() => submit())} className="ws-form">
        <ArticleFields
          form={form}
          article={article}
          ownerId={article?.userId ?? user?.id}
          admin={admin}
          editorKey={editorKey}
          uploadPicture={uploadPicture}
          collab={collab}
        />
        {!article && tasks}
        <FormButtons
          busy={form.busy}
          submitLabel={t(article ? 'ws.save' : 'ws.articles.create')}
          onDelete={article ? () => void remove() : undefined}
        >
          <button type="button" className="button button-secondary" onClick={() => setPreviewing(true)}>
            {t('rt.preview')}
          </button>
        </FormButtons>
      </form>
      {article && (
        <>
          <MediaSections article={article} queue={queue} />
          {tasks}
          <SlugBox kind="article" id={article.id} slug={article.slug} />
          <PublicationBox contentId={article.id} type="article" status={status.data ?? null} />
          <ItemHistory
            type="article"
            item={article}
            textsOf={(f) => articleTexts(intl, f)}
            onRestored={(result) => afterSave(result as Article)}
          />
        </>
      )}
      {previewing && (
        <ArticlePreviewModal values={form.values} article={article} onClose={() => setPreviewing(false)} />
      )}
      {guard.dialog}
      {deleteDialog}
    </WorkspacePage>
  );
}
