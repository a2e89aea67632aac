// An article's or channel's publication in its edit form: its status badges, and 'Request publication' with an
// optional wished expiry date while it is a draft with no open request.
import { useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { ContentType } from '../../../schema/enums';
import { requestPublication } from '../../api/publications';
import { write } from '../../data/cache';
import { useNotify } from '../notifications';
import { errorMessage } from '../view-state';
import { StatusBadges, type StatusFlags } from './status';

/** The end of the chosen day in the editor's time zone, as ISO; '' is no date. */
export function expiryOf(day: string): string | null {
  if (!day) return null;
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

export function PublicationBox({
  contentId,
  type,
  status,
}: {
  contentId: string;
  type: ContentType;
  status: StatusFlags | null;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const dateId = useId();
  const [day, setDay] = useState('');
  // The wished start, in the editor's time zone (datetime-local); empty publishes when approved.
  const [start, setStart] = useState('');
  const [busy, setBusy] = useState(false);
  const today = new Date();
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const minDay = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  const pendingSince = status?.publication?.status === 'PENDING' ? status.publication.createdAt : null;
  const pending = pendingSince !== null;

  async function ask() {
    setBusy(true);
    try {
      // The editor's lists and, for an ADMIN asking for their own content, the admin workspace's queue.
      const publishAt = start ? new Date(start).toISOString() : null;
      await write(() => requestPublication(contentId, type, expiryOf(day), publishAt), {
        invalidate: [['workspace'], ['admin']],
      });
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.publication.requested' }) });
      setDay('');
      setStart('');
    } catch (err) {
      notify({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ws-box" aria-labelledby={`${dateId}-title`}>
      <h2 id={`${dateId}-title`}>
        <FormattedMessage id="ws.publication.title" />
      </h2>
      {status && <StatusBadges row={status} />}
      {status?.published && (
        <p className="muted">
          <FormattedMessage id="ws.publication.isPublished" />
        </p>
      )}
      {pending && (
        <p className="muted">
          <FormattedMessage
            id="ws.publication.pending"
            values={{
              date: <FormattedDate value={pendingSince ?? undefined} year="numeric" month="short" day="numeric" />,
            }}
          />
        </p>
      )}
      {status && !status.published && !pending && (
        <div className="ws-request">
          <div className="field">
            <label htmlFor={`${dateId}-start`}>{intl.formatMessage({ id: 'ws.publication.start' })}</label>
            <input
              id={`${dateId}-start`}
              type="datetime-local"
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              aria-describedby={`${dateId}-start-hint`}
            />
            <p className="field-hint" id={`${dateId}-start-hint`}>
              <FormattedMessage id="ws.publication.startHint" />
            </p>
          </div>
          <div className="field">
            <label htmlFor={dateId}>{intl.formatMessage({ id: 'ws.publication.expiry' })}</label>
            <input
              id={dateId}
              type="date"
              min={minDay}
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              aria-describedby={`${dateId}-hint`}
            />
            <p className="field-hint" id={`${dateId}-hint`}>
              <FormattedMessage id="ws.publication.expiryHint" />
            </p>
          </div>
          <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void ask()}>
            <FormattedMessage id="ws.publication.request" />
          </button>
        </div>
      )}
    </section>
  );
}
