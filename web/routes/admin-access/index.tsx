// /appManagement/access: access requests for restricted articles and channels (pending by default, or the
// decided ones), each allowed or denied; and the granted access, each revocable. A decision takes effect on the
// reader's next request: visibility reads the grants on every request (docs/decisions/007).
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ContentType } from '../../../schema/enums';
import type { RequestState } from '../../api/userContent';
import {
  Confirm,
  contentHref,
  DateTime,
  FilterSelect,
  ListState,
  Section,
  useAct,
  useBusy,
} from '../../components/admin-kit';
import { decideAccessRequest, revokeGrant, useAccessRequests, useGrants } from '../../data/admin';

function ContentLink({ type, id, title }: { type: ContentType; id: string; title: string }) {
  const intl = useIntl();
  // A title of '' means the content is gone (ids are not foreign keys).
  if (!title) return <span className="muted">{intl.formatMessage({ id: 'admin.contentGone' })}</span>;
  return <Link to={contentHref(type, id)}>{title}</Link>;
}

function useTypeOptions() {
  const intl = useIntl();
  return [
    { value: '' as const, label: intl.formatMessage({ id: 'admin.all' }) },
    { value: 'article' as const, label: intl.formatMessage({ id: 'admin.type.article' }) },
    { value: 'channel' as const, label: intl.formatMessage({ id: 'admin.type.channel' }) },
  ];
}

function Requests() {
  const intl = useIntl();
  const act = useAct();
  const { busy, run } = useBusy();
  const [status, setStatus] = useState<RequestState | ''>('PENDING');
  const [type, setType] = useState<ContentType | ''>('');
  const list = useAccessRequests(status || undefined, type || undefined);
  const headingId = useId();
  const typeOptions = useTypeOptions();

  return (
    <section className="admin-subsection" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage id="admin.access.requests" />
      </h3>
      <div className="admin-filters">
        <FilterSelect<RequestState>
          label={intl.formatMessage({ id: 'admin.status' })}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'PENDING', label: intl.formatMessage({ id: 'admin.request.PENDING' }) },
            { value: 'ALLOWED', label: intl.formatMessage({ id: 'admin.request.ALLOWED' }) },
            { value: 'DENIED', label: intl.formatMessage({ id: 'admin.request.DENIED' }) },
            { value: '', label: intl.formatMessage({ id: 'admin.all' }) },
          ]}
        />
        <FilterSelect<ContentType>
          label={intl.formatMessage({ id: 'admin.type' })}
          value={type}
          onChange={setType}
          options={typeOptions}
        />
      </div>
      <ListState list={list} empty={intl.formatMessage({ id: 'admin.access.noRequests' })}>
        {(rows) => (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="admin.user" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.content" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.type" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.requestedAt" />
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
                {rows.map((r) => {
                  const what = {
                    user: r.userName,
                    content: r.contentTitle || intl.formatMessage({ id: 'admin.contentGone' }),
                  };
                  return (
                    <tr key={r.id}>
                      <th scope="row">{r.userName}</th>
                      <td>
                        <ContentLink type={r.contentType} id={r.contentId} title={r.contentTitle} />
                      </td>
                      <td>{intl.formatMessage({ id: `admin.type.${r.contentType}` })}</td>
                      <td>
                        <DateTime value={r.createdAt} />
                      </td>
                      <td>
                        <span className={`state state-${r.status.toLowerCase()}`}>
                          {intl.formatMessage({ id: `admin.request.${r.status}` })}
                        </span>
                      </td>
                      <td>
                        {r.status === 'PENDING' && (
                          <div className="admin-actions">
                            <button
                              type="button"
                              className="button button-small"
                              disabled={busy === r.id}
                              aria-label={intl.formatMessage({ id: 'admin.access.allowOf' }, what)}
                              onClick={() =>
                                void run(r.id, () =>
                                  act(
                                    () => decideAccessRequest(r.id, 'allow'),
                                    intl.formatMessage({ id: 'admin.access.allowed' }, what),
                                  ),
                                )
                              }
                            >
                              <FormattedMessage id="admin.access.allow" />
                            </button>
                            <button
                              type="button"
                              className="button button-secondary button-small"
                              disabled={busy === r.id}
                              aria-label={intl.formatMessage({ id: 'admin.access.denyOf' }, what)}
                              onClick={() =>
                                void run(r.id, () =>
                                  act(
                                    () => decideAccessRequest(r.id, 'deny'),
                                    intl.formatMessage({ id: 'admin.access.denied' }, what),
                                  ),
                                )
                              }
                            >
                              <FormattedMessage id="admin.access.deny" />
                            </button>
                          </div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </section>
  );
}

function Grants() {
  const intl = useIntl();
  const act = useAct();
  const { busy, run } = useBusy();
  const [type, setType] = useState<ContentType | ''>('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = useGrants(type || undefined);
  const headingId = useId();
  const typeOptions = useTypeOptions();

  return (
    <section className="admin-subsection" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage id="admin.access.grants" />
      </h3>
      <FilterSelect<ContentType>
        label={intl.formatMessage({ id: 'admin.type' })}
        value={type}
        onChange={setType}
        options={typeOptions}
      />
      <ListState list={list} empty={intl.formatMessage({ id: 'admin.access.noGrants' })}>
        {(rows) => (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="admin.user" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.content" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.type" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.grantedAt" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="admin.actions" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((g) => {
                  const what = {
                    user: g.userName,
                    content: g.contentTitle || intl.formatMessage({ id: 'admin.contentGone' }),
                  };
                  return (
                    <tr key={g.id}>
                      <th scope="row">{g.userName}</th>
                      <td>
                        <ContentLink type={g.contentType} id={g.contentId} title={g.contentTitle} />
                      </td>
                      <td>{intl.formatMessage({ id: `admin.type.${g.contentType}` })}</td>
                      <td>
                        <DateTime value={g.createdAt} />
                      </td>
                      <td>
                        {confirming === g.id ? (
                          <Confirm
                            question={intl.formatMessage({ id: 'admin.access.confirmRevoke' }, what)}
                            confirmLabel={intl.formatMessage({ id: 'admin.access.revoke' })}
                            busy={busy === g.id}
                            onCancel={() => setConfirming(null)}
                            onConfirm={() =>
                              void run(g.id, () =>
                                act(
                                  () => revokeGrant(g.userId, g.contentId),
                                  intl.formatMessage({ id: 'admin.access.revoked' }, what),
                                ),
                              ).then(() => setConfirming(null))
                            }
                          />
                        ) : (
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            aria-label={intl.formatMessage({ id: 'admin.access.revokeOf' }, what)}
                            onClick={() => setConfirming(g.id)}
                          >
                            <FormattedMessage id="admin.access.revoke" />
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </section>
  );
}

export default function AdminAccessView() {
  const intl = useIntl();
  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.access' })}
      lead={<FormattedMessage id="admin.access.lead" />}
    >
      <Requests />
      <Grants />
    </Section>
  );
}
