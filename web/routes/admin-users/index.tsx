// /appManagement/users: every account, filtered and paged; role and active changed in place; a new user; delete,
// and deactivation offered instead when the account still owns content (the API's 409).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '../../../schema/entities';
import { ROLES, type Role } from '../../../schema/enums';
import { createUserBody, LIMITS } from '../../../schema/requests';
import { ApiError } from '../../api/errors';
import { Confirm, FilterSelect, ListState, Section, useAct, useErrorText } from '../../components/admin-kit';
import { useNotify } from '../../components/notifications';
import {
  FormAlert,
  TextField,
  focusFirstInvalid,
  formValues,
  issuesToFieldErrors,
  useFormState,
} from '../../components/form';
import { createAccount, deleteAccount, updateAccount, useUserList } from '../../data/admin';
import { useSession } from '../../session/session';

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

function NewUserForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();
  const notify = useNotify();
  const titleId = useId();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const body = {
      name: v.name ?? '',
      email: v.email?.trim() ? v.email.trim() : null,
      password: v.password ?? '',
      firstName: v.firstName ?? '',
      lastName: v.lastName ?? '',
      role: (v.role ?? 'REGULAR_USER') as Role,
    };
    const parsed = createUserBody.safeParse(body);
    setErrors(parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body));
    setAlert(null);
    if (!parsed.success) return focusFirstInvalid(form.current);
    await send(async () => {
      const created = await createAccount(parsed.data);
      notify({ kind: 'success', message: intl.formatMessage({ id: 'admin.users.created' }, { name: created.name }) });
      onDone();
    });
  }

  return (
    <form ref={form} noValidate className="panel admin-form" aria-labelledby={titleId} onSubmit={(e) => void submit(e)}>
      <h3 id={titleId}>
        <FormattedMessage id="admin.users.new" />
      </h3>
      <FormAlert message={alert} />
      <div className="field-row">
        <TextField
          label={intl.formatMessage({ id: 'login.username' })}
          name="name"
          required
          maxLength={LIMITS.name}
          autoComplete="off"
          error={errors.name}
        />
        <TextField
          label={intl.formatMessage({ id: 'register.email' })}
          name="email"
          type="email"
          autoComplete="off"
          error={errors.email}
        />
      </div>
      <div className="field-row">
        <TextField
          label={intl.formatMessage({ id: 'register.firstName' })}
          name="firstName"
          maxLength={LIMITS.name}
          error={errors.firstName}
        />
        <TextField
          label={intl.formatMessage({ id: 'register.lastName' })}
          name="lastName"
          maxLength={LIMITS.name}
          error={errors.lastName}
        />
      </div>
      <div className="field-row">
        <TextField
          label={intl.formatMessage({ id: 'admin.users.password' })}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={intl.formatMessage({ id: 'form.passwordHint' }, { min: LIMITS.password.min })}
          error={errors.password}
        />
        <div className="field">
          <label htmlFor={`${titleId}-role`}>
            <FormattedMessage id="account.role" />
          </label>
          <select id={`${titleId}-role`} name="role" defaultValue="REGULAR_USER">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage({ id: `role.${r}` })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          <FormattedMessage id="admin.users.create" />
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          <FormattedMessage id="admin.cancel" />
        </button>
      </div>
    </form>
  );
}

function UserRow({ user, self }: { user: User; self: boolean }) {
  const intl = useIntl();
  const act = useAct();
  const notify = useNotify();
  const errorText = useErrorText();
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [ownsContent, setOwnsContent] = useState<string | null>(null);

  async function change(patch: { role?: Role; active?: boolean }) {
    setSaving(true);
    await act(() => updateAccount(user.id, patch), intl.formatMessage({ id: 'admin.saved' }, { name: user.name }));
    setSaving(false);
  }

  async function remove() {
    setSaving(true);
    try {
      await deleteAccount(user.id);
      notify({ kind: 'success', message: intl.formatMessage({ id: 'admin.users.deleted' }, { name: user.name }) });
    } catch (err) {
      // 409: the account owns channels, articles or news; the server's message says to deactivate instead.
      if (err instanceof ApiError && err.code === 409) setOwnsContent(err.message);
      else notify({ kind: 'error', message: errorText(err) });
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <tr>
        <th scope="row">{user.name}</th>
        <td>{[user.firstName, user.lastName].filter(Boolean).join(' ')}</td>
        <td>{user.email ?? '—'}</td>
        <td>
          <select
            aria-label={intl.formatMessage({ id: 'admin.roleOf' }, { name: user.name })}
            value={user.role}
            disabled={self || saving}
            onChange={(e) => void change({ role: e.target.value as Role })}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage({ id: `role.${r}` })}
              </option>
            ))}
          </select>
        </td>
        <td>
          <input
            type="checkbox"
            aria-label={intl.formatMessage({ id: 'admin.activeOf' }, { name: user.name })}
            checked={user.active}
            disabled={self || saving}
            onChange={(e) => void change({ active: e.target.checked })}
          />
        </td>
        <td>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={self || saving}
            aria-label={intl.formatMessage({ id: 'admin.users.deleteOf' }, { name: user.name })}
            onClick={() => setConfirming(true)}
          >
            <FormattedMessage id="admin.users.delete" />
          </button>
        </td>
      </tr>
      {(confirming || ownsContent) && (
        <tr>
          <td colSpan={6}>
            {confirming && (
              <Confirm
                question={intl.formatMessage({ id: 'admin.users.confirmDelete' }, { name: user.name })}
                confirmLabel={intl.formatMessage({ id: 'admin.users.deleteOf' }, { name: user.name })}
                busy={saving}
                onConfirm={() => void remove()}
                onCancel={() => setConfirming(false)}
              />
            )}
            {ownsContent && (
              <div role="alert" className="admin-confirm">
                <p>{ownsContent}</p>
                <div className="admin-actions">
                  {user.active && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={saving}
                      onClick={() => void change({ active: false }).then(() => setOwnsContent(null))}
                    >
                      <FormattedMessage id="admin.users.deactivateInstead" values={{ name: user.name }} />
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => setOwnsContent(null)}
                  >
                    <FormattedMessage id="admin.close" />
                  </button>
                </div>
              </div>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

export default function AdminUsersView() {
  const intl = useIntl();
  const { user: me } = useSession();
  const [text, setText] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState<ActiveFilter | ''>('');
  const [creating, setCreating] = useState(false);
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
      <ListState list={list} empty={intl.formatMessage({ id: 'admin.users.empty' })}>
        {(users) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">
                <FormattedMessage id="admin.caption" />
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="login.username" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.fullName" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="register.email" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="account.role" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.active" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.actions" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <UserRow key={u.id} user={u} self={u.id === me?.id} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      <p className="muted small">
        <FormattedMessage id="admin.selfNote" />
      </p>
    </Section>
  );
}
