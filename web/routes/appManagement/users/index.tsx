// /appManagement/users: every account, filtered and paged; role and active changed in place (after a
// confirmation); a new user; delete, and deactivation offered instead when the account still owns content (409);
// below, every user's API tokens.
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '#schema/entities';
import { ROLES, type Role } from '#schema/enums';
import { FilterSelect, Section } from '../+shared/admin-kit';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { actionColumn, DataTable, type Column } from '#web/components/screen-kit/data-table';
import { useUserList } from '#web/data/admin';
import { useSession } from '#web/session/session';
import { AllApiTokens } from './api-tokens';
import { NewUserForm } from './new-user-form';
import { RoleSelect, useUserActions } from './user-actions';

type ActiveFilter = 'true' | 'false';

/** The text filter waits for a pause in typing, so each keystroke is not a request. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The columns of the user table; one's own row cannot be changed (the server refuses it too). */
function useColumns(
  selfId: string | undefined,
  saving: string | null,
  change: (user: User, patch: { role?: Role; active?: boolean }) => Promise<void>,
  remove: (user: User) => Promise<void>,
): Column<User>[] {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const locked = (u: User) => u.id === selfId || saving === u.id;
  return [
    { name: 'name', header: t('login.username'), cell: (u) => u.name },
    { name: 'fullName', header: t('admin.fullName'), cell: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') },
    { name: 'email', header: t('register.email'), cell: (u) => u.email ?? '—' },
    {
      name: 'role',
      header: t('account.role'),
      cell: (u) => <RoleSelect user={u} disabled={locked(u)} onChange={(role) => void change(u, { role })} />,
    },
    {
      name: 'active',
      header: t('admin.active'),
      cell: (u) => (
        <input
          type="checkbox"
          aria-label={t('admin.activeOf', { name: u.name })}
          checked={u.active}
          disabled={locked(u)}
          onChange={(e) => void change(u, { active: e.target.checked })}
        />
      ),
    },
    actionColumn(t('admin.actions'), {
      label: <FormattedMessage id="admin.users.delete" />,
      labelOf: (u) => t('admin.users.deleteOf', { name: u.name }),
      onClick: (u) => void remove(u),
      disabled: locked,
    }),
  ];
}

export default function AdminUsersView() {
  const intl = useIntl();
  const { user: me } = useSession();
  const [text, setText] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState<ActiveFilter | ''>('');
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const { change, remove } = useUserActions({ saving, setSaving, confirm });
  const columns = useColumns(me?.id, saving, change, remove);
  const q = useSettled(text.trim());
  const list = useUserList({
    q: q || undefined,
    role: role || undefined,
    active: active === '' ? undefined : active === 'true',
  });

  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.users' })}
      lead={<FormattedMessage id="admin.lead" />}
      actions={
        !creating && (
          <button type="button" className="button button-small" onClick={() => setCreating(true)}>
            <FormattedMessage id="admin.users.new" />
          </button>
        )
      }
    >
      {creating && <NewUserForm onDone={() => setCreating(false)} />}
      <div className="admin-filters">
        <div className="field filter-field">
          <label htmlFor="user-filter">
            <FormattedMessage id="admin.filter" />
          </label>
          <input id="user-filter" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <FilterSelect
          label={intl.formatMessage({ id: 'account.role' })}
          value={role}
          onChange={setRole}
          options={[
            { value: '', label: intl.formatMessage({ id: 'admin.all' }) },
            ...ROLES.map((r) => ({ value: r, label: intl.formatMessage({ id: `role.${r}` }) })),
          ]}
        />
        <FilterSelect<ActiveFilter>
          label={intl.formatMessage({ id: 'admin.active' })}
          value={active}
          onChange={setActive}
          options={[
            { value: '', label: intl.formatMessage({ id: 'admin.all' }) },
            { value: 'true', label: intl.formatMessage({ id: 'admin.users.activeOnly' }) },
            { value: 'false', label: intl.formatMessage({ id: 'admin.users.inactiveOnly' }) },
          ]}
        />
      </div>
      <DataTable
        data={list}
        columns={columns}
        label={intl.formatMessage({ id: 'admin.caption' })}
        empty={intl.formatMessage({ id: 'admin.users.empty' })}
      />
      {confirmDialog}
      <p className="muted small">
        <FormattedMessage id="admin.selfNote" />
      </p>
      <AllApiTokens />
    </Section>
  );
}
