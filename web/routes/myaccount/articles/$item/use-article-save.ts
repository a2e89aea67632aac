// Saving the article form: the fields as JSON with the version the form started from (a stale save opens the
// conflict dialog; saving over theirs names their version), a new thumbnail through the upload queue, a save
// while offline waiting for the connection, and the draft kept in this browser meanwhile (decision 029).
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Article } from '#schema/entities';
import { createArticleBody, updateArticleBody } from '#schema/requests';
import { getArticleSource } from '#web/api/articles';
import { ShownError } from '#web/api/errors';
import { createArticle, updateArticle } from '#web/api/articles-edit';
import { useNotify } from '#web/components/notifications';
import type { Form } from '#web/components/screen-kit/use-form';
import { useNoLostWork } from '#web/components/workspace/no-lost-work';
import { queueSave } from '#web/components/workspace/save';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { invalidate } from '#web/data/cache';
import { useSession } from '#web/session/session';
import { imagePart } from '#web/uploads/multipart';
import { articleChanges, newArticleBody, onlyRoomChanges, type ArticleValues } from './changes';
import { articleTexts } from './no-lost-work';
import { articleSaved } from './media-list';

/** What the browser keeps of the form: a chosen thumbnail file cannot be kept. */
const keep = (v: ArticleValues): ArticleValues => ({ ...v, thumbnail: null });

/**
 * `base` is the article the form started from (useStartedFrom): its saves are computed against it and name its
 * version. `restore` puts a restored draft into the form (and the editor, which holds its own copy of the text).
 */
export function useArticleSave(
  form: Form<ArticleValues>,
  base: { started: Article | null; saved: (version: number) => void },
  queue: UploadQueue,
  restore: (values: ArticleValues) => void,
  /** A new article was created from this form (before the move to its address): the form goes on with it. */
  onCreated?: (id: string) => void,
  /**
   * Whether the form is live in the article's co-editing room now (connected, its document synced): a save that
   * meets the room's own newer save goes over it without the conflict dialog (decision 051).
   */
  liveInRoom: () => boolean = () => false,
) {
  const article = base.started;
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const guard = useNoLostWork({
    kind: 'article',
    id: article?.id ?? null,
    form,
    keep,
    started: article,
    version: article?.version,
    current: async () => {
      const item = await getArticleSource(article!.id);
      return { item, version: item.version };
    },
    textsOf: (a) => articleTexts(intl, a),
    load: ({ item }) => articleSaved(item),
    restore,
    takeIn: ({ item }) => !!article && liveInRoom() && onlyRoomChanges(article, item),
  });

  const afterSave = async (result: Article) => {
    guard.saved();
    await articleSaved(result);
    await invalidate(['workspace'], ['articles'], ['channel'], ['category'], ['news']);
    notify({ kind: 'success', message: t(article ? 'ws.saved' : 'ws.articles.created') });
    if (!article) {
      form.markSaved();
      onCreated?.(result.id);
      void navigate(`/myaccount/articles/${result.id}`, { replace: true });
    }
  };

  /** What follows the form's own save: the article it made is what the form starts from now. */
  const ownSave = (result: Article) => {
    base.saved(result.version);
    return afterSave(result);
  };

  /** A stale save opens the conflict dialog; a lost connection waits for it and saves again. True when handled. */
  const saveFailed = (err: unknown) => guard.failed(err, submit);

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
          await ownSave(await save());
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
      onSaved: ownSave,
      onFailed: (err) => void saveFailed(err).then((done) => done || form.refused(err)),
    });
  }

  /**
   * Saves the new article as a draft with the fields as they are (issue 27 §6.5: its first picture needs an article
   * to go into) and answers it; the form goes on with it. Fields that are not valid yet are shown beside them and
   * the draft is not made (the error says so).
   */
  async function createDraft(): Promise<Article> {
    if (article) return article;
    const { values } = form;
    const body = form.validate(createArticleBody, newArticleBody(values));
    if (!body) throw new ShownError(t('ws.articles.draftFirst'));
    const thumbnail = values.thumbnail ? await imagePart(values.thumbnail) : undefined;
    const created = await createArticle(body, thumbnail);
    await ownSave(created);
    return created;
  }

  return { submit, afterSave, guard, createDraft };
}
