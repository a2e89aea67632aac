// A save refused with 409: someone else saved the item since the form opened. Shows what they changed and lets the
// editor load theirs (dropping the form's changes) or save the form's over theirs on purpose.
import { useIntl } from 'react-intl';
import { DiffView, type FieldTexts } from './diff-view';
import { Modal } from './modal';

export interface ConflictDialogProps {
  /** The text fields as the form started from them (before) and as they are saved now (after). */
  fields: FieldTexts[];
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}

export function ConflictDialog({ fields, onReload, onOverwrite, onCancel }: ConflictDialogProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Modal title={t('rt.conflictTitle')} onClose={onCancel} role="alertdialog">
      <p>{t('rt.conflictText')}</p>
      <DiffView fields={fields} />
      <p className="actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('ws.cancel')}
        </button>
        <button type="button" className="button button-secondary" onClick={onReload}>
          {t('rt.conflictReload')}
        </button>
        <button type="button" className="button button-danger" onClick={onOverwrite}>
          {t('rt.conflictOverwrite')}
        </button>
      </p>
    </Modal>
  );
}
