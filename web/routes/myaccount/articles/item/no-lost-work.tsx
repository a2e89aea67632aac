// The article form's guards against lost work (decision 029): the draft kept in this browser and its restore
// offer, the save waiting for the network, the conflict dialog of a stale save, and the Preview of the unsaved
// state as the public page shows it.
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { ArticleDocument } from '../../../../../schema/document';
import { plainText } from '../../../../../schema/document-text';
import type { Article } from '../../../../../schema/entities';
import ArticlePreview from '../../../../components/rich-text/article-preview';
import { RestoreOffer } from '../../../../components/workspace/autosave';
import { ConflictDialog } from '../../../../components/workspace/conflict-dialog';
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

/** A draft found in this browser (restore or discard), and a save waiting for the connection. */
export function DraftNotices({
  pending,
  offline,
  onRestore,
  onDiscard,
}: {
  pending: { savedAt: number } | null;
  offline: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      {pending && <RestoreOffer savedAt={pending.savedAt} onRestore={onRestore} onDiscard={onDiscard} />}
      {offline && (
        <p className="ws-offline" role="status">
          {intl.formatMessage({ id: 'rt.offline' })}
        </p>
      )}
    </>
  );
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

/** A save refused as stale: what they changed since the form opened; load theirs, or save mine over theirs. */
export function ArticleConflict({
  article,
  theirs,
  onCancel,
  onReload,
  onOverwrite,
}: {
  article: Article;
  theirs: Article;
  onCancel: () => void;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const intl = useIntl();
  const now = articleTexts(intl, theirs);
  return (
    <ConflictDialog
      fields={articleTexts(intl, article).map((f, i) => ({ ...f, before: f.after, after: now[i]!.after }))}
      onCancel={onCancel}
      onReload={onReload}
      onOverwrite={onOverwrite}
    />
  );
}
