// The import's author step (issue 30, decision 046): once the file was read, the import waits in `review`; the admin
// maps each author the file names to an existing user, or leaves "create" (an inactive user with no password, claimed
// by a password reset; the user of the same e-mail address when there is one), then starts it. A refused entry
// (a user gone meanwhile) is shown beside its author, by the server's issue code.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ImportDetail } from '#schema/imports';
import { ApiError } from '#web/api/client';
import { listOwners } from '#web/api/users-edit';
import { useQuery } from '#web/data/cache';
import { mapAuthorsAndStart } from '#web/data/imports';
import { keys } from '#web/data/keys';

/** The select's value for "create an inactive user". */
const CREATE = '';

export function AuthorMapping({ detail }: { detail: ImportDetail }) {
  const intl = useIntl();
  const owners = useQuery(keys.owners(), listOwners);
  const authors = detail.report.authors ?? [];
  const users = owners.data ?? [];
  const known = new Set(users.map((u) => u.id));
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until the admin picks, an author is the user it would be taken for anyway (same e-mail, an earlier import).
  const valueOf = (key: string, match: string | null) => choice[key] ?? (match && known.has(match) ? match : CREATE);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setRefused({});
    const mapping = Object.fromEntries(
      authors.map((a) => [a.key, valueOf(a.key, a.match)] as const).filter(([, id]) => id !== CREATE),
    );
    try {
      await mapAuthorsAndStart(detail.id, mapping);
    } catch (err) {
      const issues = err instanceof ApiError ? err.issues : [];
      const byAuthor: Record<string, string> = {};
      for (const i of issues)
        if (i.path[0] === 'authors' && typeof i.path[1] === 'string') byAuthor[i.path[1]] = i.code;
      setRefused(byAuthor);
      const code = err instanceof ApiError ? err.code : 500;
      setError(
        intl.formatMessage({ id: `admin.import.authors.error.${code === 400 || code === 409 ? code : 'other'}` }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="import-authors" onSubmit={(e) => void submit(e)}>
      <h3>{intl.formatMessage({ id: 'admin.import.authors.title' }, { file: detail.fileName })}</h3>
      <p>
        {intl.formatMessage({ id: 'admin.import.authors.lead' }, { posts: detail.progress.total, n: authors.length })}
      </p>
      <ul>
        {authors.map((a) => (
          <li key={a.key}>
            <label>
              {intl.formatMessage({ id: 'admin.import.authors.who' }, { name: a.name, key: a.key })}
              <select
                value={valueOf(a.key, a.match)}
                aria-invalid={refused[a.key] ? true : undefined}
                onChange={(e) => setChoice((c) => ({ ...c, [a.key]: e.target.value }))}
              >
                <option value={CREATE}>{intl.formatMessage({ id: 'admin.import.authors.create' })}</option>
                {users.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </select>
            </label>
            {a.email && <span> {a.email}</span>}
            {refused[a.key] && (
              <span role="alert">
                {intl.formatMessage({
                  id: refused[a.key] === 'unknown_user' ? 'admin.import.authors.gone' : 'admin.import.authors.unknown',
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <button type="submit" disabled={busy}>
        {intl.formatMessage({ id: 'admin.import.authors.start' })}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
