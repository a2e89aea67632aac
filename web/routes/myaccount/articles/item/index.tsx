// /myaccount/articles/new and /myaccount/articles/{id}: an article's form. A new article is saved as a draft
// first; then its gallery or videos, its address, its publication request, preview links, revisions and deleting
// it are offered. Saves name the version the form started from (a stale one opens the conflict dialog).
import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { Article } from '../../../../../schema/entities';
import { createArticleBody, updateArticleBody } from '../../../../../schema/requests';
import { getArticle } from '../../../../api/articles';
import { createArticle, deleteArticle, updateArticle } from '../../../../api/articles-edit';
import { ApiError } from '../../../../api/errors';
import { listWorkspaceArticles } from '../../../../api/workspace';
import { FormAlert } from '../../../../components/form';
import { useNotify } from '../../../../components/notifications';
import { useForm } from '../../../../components/screen-kit/use-form';
import { errorMessage } from '../../../../components/view-state';
import { useAutosave, whenOnline } from '../../../../components/workspace/autosave';
import { WorkspacePage } from '../../../../components/workspace/frame';
import { FormButtons, ItemLoading, useDeleteItem } from '../../../../components/workspace/form-page';
import { WorkspaceMessages } from '../../../../components/workspace/messages';
import { PreviewLinksBox } from '../../../../components/workspace/preview-links';
import { PublicationBox } from '../../../../components/workspace/publication';
import { RevisionsBox } from '../../../../components/workspace/revisions';
import { queueSave } from '../../../../components/workspace/save';
import { SlugBox } from '../../../../components/workspace/slug-box';
import { UploadList, useUploadQueue, type UploadQueue } from '../../../../components/workspace/upload-queue';
import { invalidate, setQueryData, useQuery, write } from '../../../../data/cache';
import { useArticle } from '../../../../data/content';
import { keys } from '../../../../data/keys';
import { articleHomePath } from '../../../../paths';
import { useSession } from '../../../../session/session';
import { imagePart } from '../../../../uploads/multipart';
import { ArticleFields } from './article-fields';
import { articleChanges, articleValues, newArticleBody } from './changes';
import { MediaSections } from './media-sections';
import { ArticleConflict, ArticlePreviewModal, articleTexts, DraftNotices } from './no-lost-work';

export default function WorkspaceArticleView() {
  return (
    <WorkspaceMessages>
      <ArticleScreen />
    </WorkspaceMessages>
  );
}

function ArticleScreen() {
  const intl = useIntl();
  const { item } = useParams();
  const articleId = item === 'new' ? undefined : item;
  const article = useArticle(articleId);
  const { queue, tasks, busy } = useUploadQueue();
  const uploads = <UploadList queue={queue} tasks={tasks} />;
  if (!articleId) return <ArticleForm article={null} queue={queue} tasks={uploads} uploading={busy} />;
  if (article.status !== 'ok') {
    return (
      <ItemLoading
        section="articles"
        title={intl.formatMessage({ id: 'ws.articles.edit' })}
        item={article}
        notFound={intl.formatMessage({ id: 'ws.articles.notFound' })}
      />
    );
  }
  return <ArticleForm key={article.data.id} article={article.data} queue={queue} tasks={uploads} uploading={busy} />;
}

interface FormProps {
  article: Article | null;
  queue: UploadQueue;
  tasks: ReactNode;
  uploading: boolean;
}

function ArticleForm({ article, queue, tasks, uploading }: FormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const initial = useMemo(() => articleValues(article), [article]);
  const form = useForm({ initial, leaveMessage: t('ws.leave'), blockLeave: uploading });
  const { ref: formElement } = form;
  // The editor holds its own copy of the text: a form that takes a new article (or a draft) loads it again.
  const [editorKey, setEditorKey] = useState(0);
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    if (!form.dirty) setEditorKey((k) => k + 1);
  }
  const draftKey = (id: string) => (user ? `${user.id}:article:${id}` : null);
  const draft = useAutosave(draftKey(article?.id ?? 'new'), { ...form.values, thumbnail: null }, form.dirty);
  const [conflict, setConflict] = useState<Article | null>(null);
  const [offline, setOffline] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const restoreDraft = () => {
    if (draft.pending) form.setValues({ ...draft.pending.values, thumbnail: null });
    setEditorKey((k) => k + 1);
    draft.settle();
  };
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

  const afterSave = async (result: Article) => {
    if (!article) draft.move(draftKey(result.id) ?? '');
    draft.clear();
    await setQueryData(keys.article(result.id), () => result);
    await invalidate(['workspace'], ['articles'], ['channel'], ['category'], ['news']);
    notify({ kind: 'success', message: t(article ? 'ws.saved' : 'ws.articles.created') });
    if (!article) {
      form.markSaved();
      void navigate(`/myaccount/articles/${result.id}`, { replace: true });
    }
  };

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
      void submit();
      return true;
    }
    return false;
  }

  async function submit(overVersion?: number) {
    const { values } = form;
    const changes = article ? articleChanges(article, values, admin) : newArticleBody(values);
    if (!form.validate(article ? updateArticleBody : createArticleBody, changes)) return;
    const { thumbnail } = values;
    // The version the form started from (or, saving over someone else's on purpose, theirs).
    const body = article ? { ...changes, version: overVersion ?? article.version } : changes;
    if (article && Object.keys(changes).length === 0 && !thumbnail) {
      notify({ kind: 'success', message: t('ws.unchanged') });
      return;
    }
    const save = (part?: Awaited<ReturnType<typeof imagePart>>, options?: Parameters<typeof updateArticle>[3]) =>
      article
        ? updateArticle(article.id, body, part, options)
        : createArticle(createArticleBody.parse(body), part, options);
    if (!thumbnail) {
      return void form.send(async () => {
        try {
          await afterSave(await save());
        } catch (err) {
          if (!(await saveFailed(err))) throw err;
        }
      });
    }
    const part = await imagePart(thumbnail);
    queueSave(queue, {
      name: thumbnail.name,
      size: thumbnail.size + part.variants.reduce((n, v) => n + v.blob.size, 0),
      run: (options) => save(part, options),
      onSaved: afterSave,
      onFailed: (err) => void saveFailed(err).then((done) => done || form.setAlert(errorMessage(err))),
    });
  }

  return (
    <WorkspacePage
      section="articles"
      title={article ? t('ws.articles.editNamed', { title: article.title }) : t('ws.articles.new')}
      actions={article && <Link to={articleHomePath(article)}>{t('ws.viewPublic')}</Link>}
    >
      <FormAlert message={form.alert} />
      <DraftNotices pending={draft.pending} offline={offline} onRestore={restoreDraft} onDiscard={draft.settle} />
      <form ref={formElement} noValidate onSubmit={form.onSubmit(() => submit())} className="ws-form">
        <ArticleFields
          form={form}
          article={article}
          ownerId={article?.userId ?? user?.id}
          admin={admin}
          editorKey={editorKey}
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
          <PreviewLinksBox type="article" id={article.id} />
          <RevisionsBox
            type="article"
            id={article.id}
            version={article.version}
            current={article}
            textsOf={(f) => articleTexts(intl, f)}
            onRestored={(result) => afterSave(result as Article)}
          />
        </>
      )}
      {previewing && (
        <ArticlePreviewModal values={form.values} article={article} onClose={() => setPreviewing(false)} />
      )}
      {conflict && article && (
        <ArticleConflict
          article={article}
          theirs={conflict}
          onCancel={() => setConflict(null)}
          onReload={() => {
            draft.clear();
            setConflict(null);
            form.markSaved();
            void setQueryData(keys.article(conflict.id), () => conflict);
          }}
          onOverwrite={() => {
            const theirs = conflict.version;
            setConflict(null);
            void submit(theirs);
          }}
        />
      )}
      {deleteDialog}
    </WorkspacePage>
  );
}
