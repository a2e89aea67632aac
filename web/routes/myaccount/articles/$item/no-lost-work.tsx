// The article form's pieces against lost work (decision 029) that are its own: the text fields a conflict or a
// revision compares, and the Preview of the unsaved state as the public page shows it (the draft, the offline
// retry and the conflict dialog are the workspace's, components/workspace/no-lost-work.tsx).
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { ArticleDocument } from '#schema/document';
import { plainText } from '#schema/document-text';
import type { Article } from '#schema/entities';
import ArticlePreview from '#web/components/rich-text/article-preview';
import { textFields, type FieldTexts } from '#web/components/workspace/diff-view';
import { Modal } from '#web/components/workspace/modal';
import type { ArticleValues } from './changes';

/** The text fields of an article (or of a revision's saved fields) for a line diff: its text as plain text. */
export function articleTexts(intl: IntlShape, a: Record<string, unknown>): FieldTexts[] {
  const body = a.body as ArticleDocument | null | undefined;
  return textFields(intl, body ? { ...a, description: plainText(body) } : a, ['title', 'teaser', 'description']);
}

/** The unsaved article as its public page would show it. */
export function ArticlePreviewModal({
  values,
  article,
  onClose,
}: {
  values: ArticleValues;
  article: Article | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Modal title={t('rt.previewTitle')} onClose={onClose}>
      <div className="ws-preview">
        <ArticlePreview
          article={{
            title: values.title,
            type: values.type,
            teaser: values.teaser,
            body: values.body,
            media: article?.media ?? null,
            thumbnailHref: values.removeThumbnail ? null : (article?.thumbnailHref ?? null),
            createdAt: article?.createdAt ?? new Date().toISOString(),
          }}
        />
      </div>
      <p className="actions">
        <button type="button" className="button" onClick={onClose}>
          {t('rt.closePreview')}
        </button>
      </p>
    </Modal>
  );
}
