// A user row's controls: role and active changed in place, and delete (after a confirmation); when the account
// still owns content the API answers 409 and deactivation is offered instead.
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '../../../../schema/entities';
import { ROLES, type Role } from '../../../../schema/enums';
import { ApiError } from '../../../api/errors';
import { useAct, useErrorText } from '../../../components/admin-kit';
import { useNotify } from '../../../components/notifications';
import { deleteAccount, updateAccount } from '../../../data/admin';

export interface RowState {
  saving: string | null;
  setSaving: (id: string | null) => void;
  /** The row whose delete was refused, with the server's message. */
  setOwnsContent: (refusal: { id: string; message: string } | null) => void;
  confirm: (request: { title: string; confirmLabel: string }) => Promise<boolean>;
}

export function useUserActions({ setSaving, setOwnsContent, confirm }: RowState) {
  const intl = useIntl();
  const act = useAct();
  const notify = useNotify();
  const errorText = useErrorText();
  async function change(user: User, patch: { role?: Role; active?: boolean }) {
    setSaving(user.id);
    await act(() => updateAccount(user.id, patch), intl.formatMessage({ id: 'admin.saved' }, { name: user.name }));
    setSaving(null);
  }
  async function remove(user: User) {
    const ok = await confirm({
      title: intl.formatMessage({ id: 'admin.users.confirmDelete' }, { name: user.name }),
      confirmLabel: intl.formatMessage({ id: 'admin.users.deleteOf' }, { name: user.name }),
    });
    if (!ok) return;
    setSaving(user.id);
    try {
      await deleteAccount(user.id);
      notify({ kind: 'success', message: intl.formatMessage({ id: 'admin.users.deleted' }, { name: user.name }) });
    } catch (err) {
      // 409: the account owns channels, articles or news; the server's message says to deactivate instead.
      if (err instanceof ApiError && err.code === 409) setOwnsContent({ id: user.id, message: err.message });
      else notify({ kind: 'error', message: errorText(err) });
    } finally {
      setSaving(null);
    }
  }
  return { change, remove };
}

export function RoleSelect({
  user,
  disabled,
  onChange,
}: {
  user: User;
  disabled: boolean;
  onChange: (r: Role) => void;
}) {
  const intl = useIntl();
  return (
    <select
      aria-label={intl.formatMessage({ id: 'admin.roleOf' }, { name: user.name })}
      value={user.role}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {intl.formatMessage({ id: `role.${r}` })}
        </option>
      ))}
    </select>
  );
}

/** The refusal of a delete, with 'Deactivate … instead' while the account is active. */
export function OwnsContent({
  user,
  message,
  busy,
  onDeactivate,
  onClose,
}: {
  user: User;
  message: string;
  busy: boolean;
  onDeactivate: () => void;
  onClose: () => void;
}) {
  return (
    <div role="alert" className="admin-confirm">
      <p>{message}</p>
      <div className="admin-actions">
        {user.active && (
          <button type="button" className="button button-small" disabled={busy} onClick={onDeactivate}>
            <FormattedMessage id="admin.users.deactivateInstead" values={{ name: user.name }} />
          </button>
        )}
        <button type="button" className="button button-secondary button-small" onClick={onClose}>
          <FormattedMessage id="admin.close" />
        </button>
      </div>
    </div>
  );
}
