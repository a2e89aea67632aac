// A save refused with 409: someone else saved the item since the form opened. Shows what they changed and lets the
// editor load theirs (dropping the form's changes) or save the form's over theirs on purpose: the kit's one
// confirmation dialog (Cancel focused, the overwrite named on its button).
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../screen-kit/confirm-dialog';
import { DiffView, type FieldTexts } from './diff-view';

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
    <ConfirmDialog
      title={t('rt.conflictTitle')}
      message={
        <>
          <p>{t('rt.conflictText')}</p>
          <DiffView fields={fields} />
        </>
      }
      confirmLabel={t('rt.conflictOverwrite')}
      alternatives={[{ label: t('rt.conflictReload'), onChoose: onReload, destructive: true }]}
      wide
      onClose={(overwrite) => (overwrite ? onOverwrite() : onCancel())}
    />
  );
}
