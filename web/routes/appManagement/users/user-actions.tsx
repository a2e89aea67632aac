// A user row's controls: role and active changed in place after a confirmation (activation at once), and delete
// (after a confirmation); when the account still owns content the API answers 409 and the dialog offers
// deactivation instead.
import { useIntl } from 'react-intl';
import type { User } from '#schema/entities';
import { ROLES, type Role } from '#schema/enums';
import { ApiError } from '#web/api/errors';
import { useAct, useErrorText } from '../+shared/admin-kit';
import { useNotify } from '#web/components/notifications';
import type { ConfirmRequest } from '#web/components/screen-kit/confirm-dialog';
import { deleteAccount, updateAccount } from '#web/data/admin';

export interface RowState {
  saving: string | null;
  setSaving: (id: string | null) => void;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
}

/** What a role allows, in a sentence, for the confirmation of a role change. */
const ROLE_MEANS: Record<Role, string> = {
  REGULAR_USER: 'admin.users.roleMeans.REGULAR_USER',
  CLIENT: 'admin.users.roleMeans.CLIENT',
  CONTRIBUTOR: 'admin.users.roleMeans.CONTRIBUTOR',
  ADMIN: 'admin.users.roleMeans.ADMIN',
};

export function useUserActions({ setSaving, confirm }: RowState) {
  const intl = useIntl();
  const act = useAct();
  const notify = useNotify();
  const errorText = useErrorText();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  async function save(user: User, patch: { role?: Role; active?: boolean }) {
    setSaving(user.id);
    await act(() => updateAccount(user.id, patch), t('admin.saved', { name: user.name }));
    setSaving(null);
  }
  /** A role change and a deactivation ask first (each changes what the person may do at once); activation not. */
  async function change(user: User, patch: { role?: Role; active?: boolean }) {
    const { name } = user;
    if (patch.role && patch.role !== user.role) {
      const role = t(`role.${patch.role}`);
      const ok = await confirm({
        title: t(patch.role === 'ADMIN' ? 'admin.users.confirmAdmin' : 'admin.users.confirmRole', { name, role }),
        message: t(ROLE_MEANS[patch.role]),
        confirmLabel: t('admin.users.makeRole', { name, role }),
      });
      if (!ok) return;
    }
    if (patch.active === false) {
      const ok = await confirm({
        title: t('admin.users.confirmDeactivate', { name }),
        message: t('admin.users.deactivateMeans'),
        confirmLabel: t('admin.users.deactivateOf', { name }),
      });
      if (!ok) return;
    }
    await save(user, patch);
  }
  async function remove(user: User) {
    const ok = await confirm({
      title: t('admin.users.confirmDelete', { name: user.name }),
      confirmLabel: t('admin.users.deleteOf', { name: user.name }),
    });
    if (!ok) return;
    setSaving(user.id);
    try {
      await deleteAccount(user.id);
      notify({ kind: 'success', message: t('admin.users.deleted', { name: user.name }) });
    } catch (err) {
      // 409 owns_content: the account owns channels, articles or news; deactivating instead, which the same dialog
      // offers while the account is active, keeps them.
      if (err instanceof ApiError && err.issues.some((i) => i.code === 'owns_content') && user.active) {
        setSaving(null);
        const deactivated = await confirm({
          title: t('admin.users.cannotDelete', { name: user.name }),
          message: errorText(err),
          confirmLabel: t('admin.users.deactivateInstead', { name: user.name }),
          action: () => updateAccount(user.id, { active: false }),
        });
        if (deactivated) notify({ kind: 'success', message: t('admin.saved', { name: user.name }) });
      } else notify({ kind: 'error', message: errorText(err) });
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
