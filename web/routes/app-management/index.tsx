// /appManagement (ADMIN): every user with role and active flag, changed in place through PUT /users/{id}.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '../../../schema/entities';
import { ROLES, type Role } from '../../../schema/enums';
import { ApiError } from '../../api/errors';
import { listUsers, updateUser } from '../../api/users';
import { useNotify } from '../../components/notifications';
import { setQueryData, useQuery, write } from '../../data/cache';
import { keys } from '../../data/keys';
import { useSession } from '../../session/session';

export default function AppManagementView() {
  const intl = useIntl();
  const notify = useNotify();
  const { user: me } = useSession();
  const query = useQuery(keys.users(), () => listUsers({}, undefined, 100).then((page) => page.items));
  const users = query.data ?? null;
  const error =
    query.status === 'error' ? (query.error instanceof ApiError ? query.error.message : intl.formatMessage({ id: 'shell.error.title' })) : null;
  const [saving, setSaving] = useState<string | null>(null);
  const [filter, setFilter] = useState('');

  async function change(target: User, patch: { role?: Role; active?: boolean }) {
    setSaving(target.id);
    try {
      const saved = await write(() => updateUser(target.id, patch), {
        update: (saved) =>
          Promise.all([
            setQueryData<User[]>(keys.users(), (list) => list?.map((u) => (u.id === saved.id ? saved : u))),
            setQueryData<User>(keys.user(saved.id), () => saved),
          ]),
      });
      notify({ kind: 'success', message: intl.formatMessage({ id: 'admin.saved' }, { name: saved.name }) });
    } catch (err) {
      notify({ kind: 'error', message: err instanceof ApiError ? err.message : intl.formatMessage({ id: 'shell.error.title' }) });
    } finally {
      setSaving(null);
    }
  }

  const needle = filter.trim().toLowerCase();
  const shown = users?.filter((u) => !needle || [u.name, u.email ?? '', u.firstName, u.lastName].some((s) => s.toLowerCase().includes(needle)));

  return (
    <div className="app-management">
      <h1>
        <FormattedMessage id="admin.title" />
      </h1>
      <p className="lead">
        <FormattedMessage id="admin.lead" />
      </p>
      {error && (
        <div className="panel" role="alert">
          <p>{error}</p>
          <button type="button" className="button" disabled={query.validating} onClick={query.reload}>
            <FormattedMessage id="shell.retry" />
          </button>
        </div>
      )}
      {!users && !error && (
        <p role="status" className="muted">
          <FormattedMessage id="shell.loading" />
        </p>
      )}
      {users && shown && (
        <>
          <div className="field filter-field">
            <label htmlFor="user-filter">
              <FormattedMessage id="admin.filter" />
            </label>
            <input id="user-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </div>
          <p className="muted small" role="status">
            <FormattedMessage id="admin.count" values={{ shown: shown.length, total: users.length }} />
          </p>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">
                <FormattedMessage id="admin.caption" />
              </caption>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="login.username" /></th>
                  <th scope="col"><FormattedMessage id="admin.fullName" /></th>
                  <th scope="col"><FormattedMessage id="register.email" /></th>
                  <th scope="col"><FormattedMessage id="account.role" /></th>
                  <th scope="col"><FormattedMessage id="admin.active" /></th>
                </tr>
              </thead>
              <tbody>
                {shown.map((u) => {
                  const self = u.id === me?.id;
                  return (
                    <tr key={u.id}>
                      <th scope="row">{u.name}</th>
                      <td>{[u.firstName, u.lastName].filter(Boolean).join(' ')}</td>
                      <td>{u.email ?? '—'}</td>
                      <td>
                        <select
                          aria-label={intl.formatMessage({ id: 'admin.roleOf' }, { name: u.name })}
                          value={u.role}
                          disabled={self || saving === u.id}
                          onChange={(e) => void change(u, { role: e.target.value as Role })}
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
                          aria-label={intl.formatMessage({ id: 'admin.activeOf' }, { name: u.name })}
                          checked={u.active}
                          disabled={self || saving === u.id}
                          onChange={(e) => void change(u, { active: e.target.checked })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="muted small">
            <FormattedMessage id="admin.selfNote" />
          </p>
        </>
      )}
    </div>
  );
}
