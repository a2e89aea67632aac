// /myaccount/articles/new and /myaccount/articles/{id}: an article's form. A new article is saved as a draft
// first; then its gallery or videos, its address, its publication request and deleting it are offered.
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { Article } from '../../../../../schema/entities';
import { createArticleBody, updateArticleBody } from '../../../../../schema/requests';
import { createArticle, deleteArticle, updateArticle } from '../../../../api/articles-edit';
import { listWorkspaceArticles } from '../../../../api/workspace';
import { FormAlert } from '../../../../components/form';
import { useNotify } from '../../../../components/notifications';
import { useForm } from '../../../../components/screen-kit/use-form';
import { errorMessage } from '../../../../components/view-state';
import { WorkspacePage } from '../../../../components/workspace/frame';
import { FormButtons, ItemLoading, useDeleteItem } from '../../../../components/workspace/form-page';
import { WorkspaceMessages } from '../../../../components/workspace/messages';
import { PublicationBox } from '../../../../components/workspace/publication';
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
    await setQueryData(keys.article(result.id), () => result);
    await invalidate(['workspace'], ['articles'], ['channel'], ['category'], ['news']);
    notify({ kind: 'success', message: t(article ? 'ws.saved' : 'ws.articles.created') });
    if (!article) {
      form.markSaved();
      void navigate(`/myaccount/articles/${result.id}`, { replace: true });
    }
  };

  async function submit() {
    const { values } = form;
    const body = article ? articleChanges(article, values, admin) : newArticleBody(values);
    if (!form.validate(article ? updateArticleBody : createArticleBody, body)) return;
    const { thumbnail } = values;
    if (article && Object.keys(body).length === 0 && !thumbnail) {
      notify({ kind: 'success', message: t('ws.unchanged') });
      return;
    }
    const save = (part?: Awaited<ReturnType<typeof imagePart>>, options?: Parameters<typeof updateArticle>[3]) =>
      article
        ? updateArticle(article.id, body, part, options)
        : createArticle(createArticleBody.parse(body), part, options);
    if (!thumbnail) return void form.send(async () => afterSave(await save()));
    const part = await imagePart(thumbnail);
    queueSave(queue, {
      name: thumbnail.name,
      size: thumbnail.size + part.variants.reduce((n, v) => n + v.blob.size, 0),
      run: (options) => save(part, options),
      onSaved: afterSave,
      onFailed: (err) => form.setAlert(errorMessage(err)),
    });
  }

  return (
    <WorkspacePage
      section="articles"
      title={article ? t('ws.articles.editNamed', { title: article.title }) : t('ws.articles.new')}
      actions={article && <Link to={articleHomePath(article)}>{t('ws.viewPublic')}</Link>}
    >
      <FormAlert message={form.alert} />
      <form ref={formElement} noValidate onSubmit={form.onSubmit(submit)} className="ws-form">
        <ArticleFields form={form} article={article} ownerId={article?.userId ?? user?.id} admin={admin} />
        {!article && tasks}
        <FormButtons
          busy={form.busy}
          submitLabel={t(article ? 'ws.save' : 'ws.articles.create')}
          onDelete={article ? () => void remove() : undefined}
        />
      </form>
      {article && (
        <>
          <MediaSections article={article} queue={queue} />
          {tasks}
          <SlugBox kind="article" id={article.id} slug={article.slug} />
          <PublicationBox contentId={article.id} type="article" status={status.data ?? null} />
        </>
      )}
      {deleteDialog}
    </WorkspacePage>
  );
}
