// /myaccount/news/new and /myaccount/news/{id}: a news item's form (title, description, teaser, thumbnail, the
// article or channel it points at, chosen with the search type-ahead, and when it is published), Preview of the
// unsaved title and text, preview links, revisions and deleting it. Saves name the version the form started from
// (a stale one opens the conflict dialog); the draft is kept in this browser (use-news-save.ts).
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { WorkspaceNewsItem } from '#schema/workspace';
import { deleteNews } from '#web/api/news-edit';
import { listWorkspaceNews } from '#web/api/workspace';
import { FormAlert } from '#web/components/form';
import { useForm } from '#web/components/screen-kit/use-form';
import { WorkspacePage } from '#web/components/workspace/frame';
import { FormButtons, ItemLoading, useDeleteItem } from '#web/components/workspace/form-page';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { useStartedFrom } from '#web/components/workspace/no-lost-work';
import { PlainPreview } from '#web/components/workspace/plain-preview';
import { ItemHistory } from '#web/components/workspace/revisions';
import { VisitorNote } from '#web/components/workspace/status';
import { useContentLanguages } from '#web/components/translations/language-bar';
import { TranslationsBox } from '#web/components/translations/translations-box';
import { UploadList, useUploadQueue } from '#web/components/workspace/upload-queue';
import { invalidate, useQuery, write } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { NewsFields } from './news-fields';
import { newsTexts, newsValues, useNewsSave } from './use-news-save';

export default withMessages(WorkspaceMessages, NewsItemScreen);

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

function NewsItemForm({ item, title }: { item: WorkspaceNewsItem | null; title: string }) {
  const intl = useIntl();
  const languages = useContentLanguages();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const { queue, tasks, busy: uploading } = useUploadQueue();
  // The fields and the version the form started from; `item` is the latest read (the notes and boxes show it).
  const base = useStartedFrom(item);
  const initial = useMemo(() => newsValues(base.started), [base.started]);
  const form = useForm({ initial, leaveMessage: t('ws.leave'), blockLeave: uploading });
  base.follow(form.dirty);
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

  const { submit, guard } = useNewsSave(form, base, queue);

  return (
    <WorkspacePage section="news" title={item ? t('ws.news.editNamed', { title: item.title }) : title}>
      <FormAlert message={form.alert} />
      {item && <VisitorNote state={item.visitorState} date={item.publishedAt} />}
      {guard.notices}
      {item && (
        <TranslationsBox
          kind="news"
          id={item.id}
          translations={item.translations}
          source={{
            language: item.sourceLanguage ?? languages[0]!,
            fields: { title: item.title, teaser: item.teaser },
          }}
        />
      )}
      <form ref={formElement} noValidate onSubmit={form.onSubmit(() => submit())} className="ws-form">
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
          <ItemHistory
            type="news"
            item={item}
            textsOf={(f) => newsTexts(intl, f)}
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
      {guard.dialog}
      {deleteDialog}
    </WorkspacePage>
  );
}
