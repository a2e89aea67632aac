// The form's Preview for channels and news items: the unsaved title and text as the public page sets them out.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { paragraphsOf } from '#schema/document-text';
import { Modal } from './modal';

export function PlainPreview({ title, teaser, text }: { title: string; teaser?: string; text: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {intl.formatMessage({ id: 'rt.preview' })}
      </button>
      {open && (
        <Modal title={intl.formatMessage({ id: 'rt.previewTitle' })} onClose={() => setOpen(false)}>
          <div className="ws-preview">
            <article className="article-view">
              <h1>{title}</h1>
              {teaser && <p className="article-teaser">{teaser}</p>}
              <div className="article-description">
                {paragraphsOf(text).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            </article>
          </div>
          <p className="actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {intl.formatMessage({ id: 'rt.closePreview' })}
            </button>
          </p>
        </Modal>
      )}
    </>
  );
}
