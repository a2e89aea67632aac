// /appManagement/publications: publication requests by status, or those expiring within 7 days; approve, reject,
// and set or clear the expiry. The date-time field is in the browser's time zone, named beside it; the API stores
// UTC. Allowed status changes: docs/decisions/007-access-and-publications.md (the API answers 400 for others).
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import type { publicationRequestListItem } from '../../../schema/entities';
import { PUBLICATION_STATUSES } from '../../../schema/enums';
import type { PublicationStatus } from '../../api/publications';
import {
  contentHref,
  DateTime,
  FilterSelect,
  fromLocalInput,
  ListState,
  Section,
  timeZone,
  toLocalInput,
  useAct,
  useBusy,
} from '../../components/admin-kit';
import { setPublicationExpiry, setPublicationStatus, usePublicationRequests } from '../../data/admin';

type Request = z.infer<typeof publicationRequestListItem>;
const SOON_DAYS = 7;

function ExpiryForm({ request, onDone }: { request: Request; onDone: () => void }) {
  const intl = useIntl();
  const act = useAct();
  const id = useId();
  const [value, setValue] = useState(request.expirationDate ? toLocalInput(request.expirationDate) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const utc = fromLocalInput(value);
    if (!utc) return setError(intl.formatMessage({ id: 'admin.publications.expiryRequired' }));
    setBusy(true);
    const ok = await act(
      () => setPublicationExpiry(request.id, utc),
      intl.formatMessage({ id: 'admin.publications.expirySet' }, { title: request.contentTitle }),
    );
    setBusy(false);
    if (ok) onDone();
  }

  return (
    <form className="admin-confirm" onSubmit={(e) => void submit(e)} noValidate>
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor={id}>
          <FormattedMessage id="admin.publications.expiresAt" values={{ zone: timeZone() }} />
        </label>
        <input
          id={id}
          type="datetime-local"
          value={value}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => setValue(e.target.value)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          <FormattedMessage id="admin.publications.utcHint" values={{ zone: timeZone() }} />
        </p>
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="admin-actions">
        <button type="submit" className="button button-small" disabled={busy} aria-busy={busy}>
          <FormattedMessage id="admin.publications.saveExpiry" />
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDone}>
          <FormattedMessage id="admin.cancel" />
        </button>
      </div>
    </form>
  );
}

function RequestRow({ request }: { request: Request }) {
  const intl = useIntl();
  const act = useAct();
  const { busy, run } = useBusy();
  const [editing, setEditing] = useState(false);
  const title = request.contentTitle || intl.formatMessage({ id: 'admin.contentGone' });
  const open = request.status === 'PENDING' || request.status === 'APPROVED';
  const decide = (status: PublicationStatus, done: string) =>
    void run(status, () =>
      act(() => setPublicationStatus(request, status), intl.formatMessage({ id: done }, { title })),
    );

  return (
    <>
      <tr>
        <th scope="row">
          {request.contentTitle ? (
            <Link to={contentHref(request.type, request.contentId)}>{title}</Link>
          ) : (
            <span className="muted">{title}</span>
          )}
        </th>
        <td>{intl.formatMessage({ id: `admin.type.${request.type}` })}</td>
        <td>{request.userName}</td>
        <td>
          <DateTime value={request.createdAt} />
        </td>
        <td>
          {request.expirationDate ? (
            <DateTime value={request.expirationDate} />
          ) : (
            <span className="muted">{intl.formatMessage({ id: 'admin.publications.noExpiry' })}</span>
          )}
        </td>
        <td>
          <span className={`state state-${request.status.toLowerCase()}`}>
            {intl.formatMessage({ id: `admin.publication.${request.status}` })}
          </span>
          {request.publishAt && (request.status === 'PENDING' || request.status === 'APPROVED') && (
            <>
              {' '}
              <span className="muted">
                <FormattedMessage
                  id="admin.publications.scheduledFor"
                  values={{ date: <DateTime value={request.publishAt} /> }}
                />
              </span>
            </>
          )}
        </td>
        <td>
          <div className="admin-actions">
            {request.status === 'PENDING' && (
              <button
                type="button"
                className="button button-small"
                disabled={busy !== null}
                aria-label={intl.formatMessage({ id: 'admin.publications.approveOf' }, { title })}
                onClick={() => decide('APPROVED', 'admin.publications.approved')}
              >
                <FormattedMessage id="admin.publications.approve" />
              </button>
            )}
            {open && (
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy !== null}
                aria-label={intl.formatMessage({ id: 'admin.publications.rejectOf' }, { title })}
                onClick={() => decide('REJECTED', 'admin.publications.rejected')}
              >
                <FormattedMessage id="admin.publications.reject" />
              </button>
            )}
            {open && (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={intl.formatMessage({ id: 'admin.publications.setExpiryOf' }, { title })}
                onClick={() => setEditing(true)}
              >
                <FormattedMessage id="admin.publications.setExpiry" />
              </button>
            )}
            {open && request.expirationDate && (
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy !== null}
                aria-label={intl.formatMessage({ id: 'admin.publications.clearExpiryOf' }, { title })}
                onClick={() =>
                  void run('clear', () =>
                    act(
                      () => setPublicationExpiry(request.id, null),
                      intl.formatMessage({ id: 'admin.publications.expiryCleared' }, { title }),
                    ),
                  )
                }
              >
                <FormattedMessage id="admin.publications.clearExpiry" />
              </button>
            )}
          </div>
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={7}>
            <ExpiryForm request={request} onDone={() => setEditing(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

export default function AdminPublicationsView() {
  const intl = useIntl();
  const [status, setStatus] = useState<PublicationStatus | ''>('PENDING');
  const [soon, setSoon] = useState(false);
  const list = usePublicationRequests(status || undefined, soon ? SOON_DAYS : undefined);

  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.publications' })}
      lead={<FormattedMessage id="admin.publications.lead" />}
    >
      <div className="admin-filters">
        <FilterSelect<PublicationStatus>
          label={intl.formatMessage({ id: 'admin.status' })}
          value={status}
          onChange={setStatus}
          options={[
            ...PUBLICATION_STATUSES.map((s) => ({
              value: s,
              label: intl.formatMessage({ id: `admin.publication.${s}` }),
            })),
            { value: '' as const, label: intl.formatMessage({ id: 'admin.all' }) },
          ]}
        />
        <div className="field">
          <label>
            <input type="checkbox" checked={soon} onChange={(e) => setSoon(e.target.checked)} />{' '}
            <FormattedMessage id="admin.publications.expiresSoon" values={{ days: SOON_DAYS }} />
          </label>
        </div>
      </div>
      <ListState list={list} empty={intl.formatMessage({ id: 'admin.publications.empty' })}>
        {(rows) => (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="admin.content" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.type" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.owner" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.requestedAt" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.publications.expiry" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.status" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.actions" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <RequestRow key={r.id} request={r} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </Section>
  );
}
