// The account screen's list of the user's signed-in sessions (GET /api/sessions): each device, since when, last seen,
// with "Sign out" for one and "Sign out everywhere else" for all but this one (ASVS V7.5.2; docs/decisions/003).
import { useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '#web/components/error-text';
import { endOtherSessions, endSession, listSessions } from '#web/api/sessions';
import { useNotify } from '#web/components/notifications';
import { useQuery, write } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { LoadingLine } from '#web/components/view-state';

const when = (iso: string) => (
  <time dateTime={iso}>
    <FormattedDate value={iso} year="numeric" month="short" day="numeric" hour="2-digit" minute="2-digit" />
  </time>
);

export function SessionsSection({ userId }: { userId: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const query = useQuery(keys.sessions(userId), listSessions);
  const sessions = query.data ?? null;
  const messageOf = (err: unknown) => errorText(err, intl);
  const error = query.status === 'error' ? messageOf(query.error) : null;

  async function act(action: () => Promise<string>) {
    setBusy(true);
    try {
      notify({ kind: 'success', message: await write(action, { invalidate: [keys.sessions(userId)] }) });
    } catch (err) {
      notify({ kind: 'error', message: messageOf(err) });
      query.reload();
    } finally {
      setBusy(false);
    }
  }
  const others = sessions?.filter((s) => !s.current) ?? [];

  return (
    <section className="account-sessions" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id="account.sessions.title" />
      </h2>
      {error && <p className="muted">{error}</p>}
      {!sessions && !error && <LoadingLine />}
      {sessions && (
        <ul className="item-list">
          {sessions.map((s) => (
            <li key={s.id} className="item">
              <span aria-hidden="true">{s.current ? '●' : '○'}</span>
              <span className="item-body">
                <strong>
                  {s.device || intl.formatMessage({ id: 'account.sessions.unknownDevice' })}
                  {s.current && (
                    <>
                      {' · '}
                      <FormattedMessage id="account.sessions.current" />
                    </>
                  )}
                </strong>
                <span className="muted">
                  <FormattedMessage
                    id="account.sessions.times"
                    values={{ created: when(s.createdAt), seen: when(s.lastSeenAt) }}
                  />
                </span>
              </span>
              {!s.current && (
                <button
                  type="button"
                  className="button button-small"
                  disabled={busy}
                  aria-label={intl.formatMessage(
                    { id: 'account.sessions.endOne' },
                    { device: s.device || intl.formatMessage({ id: 'account.sessions.unknownDevice' }) },
                  )}
                  onClick={() =>
                    void act(async () => {
                      await endSession(s.id);
                      return intl.formatMessage({ id: 'account.sessions.endedOne' });
                    })
                  }
                >
                  <FormattedMessage id="account.sessions.signOut" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions && (
        <button
          type="button"
          className="button"
          disabled={busy || others.length === 0}
          onClick={() =>
            void act(async () => {
              const { ended } = await endOtherSessions();
              return intl.formatMessage({ id: 'account.sessions.endedOthers' }, { count: ended });
            })
          }
        >
          <FormattedMessage id="account.sessions.signOutOthers" />
        </button>
      )}
    </section>
  );
}
