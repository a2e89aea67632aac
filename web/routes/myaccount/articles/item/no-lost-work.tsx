// The article form's pieces against lost work (decision 029) that are its own: the text fields a conflict or a
// revision compares, and the Preview of the unsaved state as the public page shows it (the draft, the offline
// retry and the conflict dialog are the workspace's, components/workspace/no-lost-work.tsx).
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { ArticleDocument } from '../../../../../schema/document';
import { plainText } from '../../../../../schema/document-text';
import type { Article } from '../../../../../schema/entities';
import ArticlePreview from '../../../../components/rich-text/article-preview';
import type { FieldTexts } from '../../../../components/workspace/diff-view';
import { Modal } from '../../../../components/workspace/modal';
import type { ArticleValues } from './changes';

/** The text fields of an article (or of a revision's saved fields) for a line diff. */
export function articleTexts(intl: IntlShape, a: Record<string, unknown>): FieldTexts[] {
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
