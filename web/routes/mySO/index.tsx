// /mySO: the personal area: liked channels and articles (with unlike), access requests and granted access.
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { errorText } from '#web/components/error-text';
import type { MysoView as MysoData } from '#schema/entities';
import { useNotify } from '#web/components/notifications';
import { unlike as unlikeContent, useMysoView } from '#web/data/myso';
import { useSession } from '#web/session/session';
import { contentPath } from '#web/paths';
import { DataTable, type Column } from '#web/components/screen-kit/data-table';
import { LoadingLine, RetryPanel } from '#web/components/view-state';
import { MysoNav } from './+shared/myso-nav';

/** The liked channels and articles as their sections list them. */
const LIKED = {
  channel: (data: MysoData) =>
    data.channels.map(({ channel: c, ...like }) => ({ ...like, title: c.name, thumbnailHref: c.portraitHref })),
  article: (data: MysoData) =>
    data.articles.map(({ article: a, ...like }) => ({ ...like, title: a.title, thumbnailHref: a.thumbnailHref })),
};

export default function MysoView() {
  const intl = useIntl();
  const notify = useNotify();
  const { user } = useSession();
  // The same cached view the article and channel pages read: a like there shows here, and the other way round.
  const myso = useMysoView();
  const data = myso.data ?? null;
  const error = myso.status === 'error' ? errorText(myso.error, intl) : null;
  const [pending, setPending] = useState<string | null>(null);

  async function unlike(kind: 'article' | 'channel', contentId: string, title: string) {
    setPending(contentId);
    try {
      await unlikeContent(kind, contentId);
      notify({ kind: 'success', message: intl.formatMessage({ id: 'myso.unliked' }, { title }) });
    } catch (err) {
      notify({
        kind: 'error',
        message: errorText(err, intl),
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="myso">
      <h1>
        <FormattedMessage id="mySO" />
      </h1>
      <MysoNav />
      {user && (
        <p className="lead">
          <FormattedMessage id="myso.greeting" values={{ name: user.name }} />
        </p>
      )}
      {error && <RetryPanel message={error} onRetry={myso.reload} retrying={myso.validating} />}
      {!data && !error && <LoadingLine />}
      {data && (
        <div className="myso-grid">
          {(['channel', 'article'] as const).map((kind) => (
            <LikedSection
              key={kind}
              kind={kind}
              items={LIKED[kind](data)}
              pending={pending}
              onUnlike={(kind, contentId, title) => void unlike(kind, contentId, title)}
            />
          ))}

          <section aria-labelledby="myso-requests" className="myso-section">
            <h2 id="myso-requests">
              <FormattedMessage id="myso.requests" />
            </h2>
            <RequestTable requests={data.requests} />
          </section>

          <section aria-labelledby="myso-access" className="myso-section">
            <h2 id="myso-access">
              <FormattedMessage id="myso.access" />
            </h2>
            {data.access.length === 0 ? (
              <p className="muted">
                <FormattedMessage id="myso.noAccess" />
              </p>
            ) : (
              <ul className="item-list">
                {data.access.map((a) => (
                  <li key={a.id} className="item">
                    <div className="item-body">
                      <Link to={contentPath(a.contentType, a.contentId)}>{a.contentTitle}</Link>
                      <span className="muted small">
                        <FormattedMessage id={`myso.type.${a.contentType}`} /> ·{' '}
                        <FormattedMessage
                          id="myso.grantedOn"
                          values={{ date: <FormattedDate value={a.createdAt} dateStyle="medium" /> }}
                        />
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

interface LikedItem {
  contentId: string;
  createdAt: string;
  title: string;
  thumbnailHref: string | null;
}

/** One list of liked content (channels or articles), each with its unlike button. */
function LikedSection({
  kind,
  items,
  pending,
  onUnlike,
}: {
  kind: 'article' | 'channel';
  items: LikedItem[];
  pending: string | null;
  onUnlike: (kind: 'article' | 'channel', contentId: string, title: string) => void;
}) {
  const headingId = kind === 'channel' ? 'myso-channels' : 'myso-articles';
  const thumbClass = kind === 'channel' ? 'item-thumb round' : 'item-thumb';
  const [width, height] = kind === 'channel' ? [48, 48] : [64, 48];
  return (
    <section aria-labelledby={headingId} className="myso-section">
      <h2 id={headingId}>
        <FormattedMessage id={kind === 'channel' ? 'myso.channels' : 'myso.articles'} />
      </h2>
      {items.length === 0 ? (
        <p className="muted">
          <FormattedMessage id={kind === 'channel' ? 'myso.noChannels' : 'myso.noArticles'} />
        </p>
      ) : (
        <ul className="item-list">
          {items.map(({ contentId, createdAt, title, thumbnailHref }) => (
            <li key={contentId} className="item">
              {thumbnailHref ? (
                <img className={thumbClass} src={thumbnailHref} alt="" width={width} height={height} loading="lazy" />
              ) : (
                <span className={`${thumbClass} placeholder`} aria-hidden="true" />
              )}
              <div className="item-body">
                <Link to={contentPath(kind, contentId)}>{title}</Link>
                <span className="muted small">
                  <FormattedMessage
                    id="myso.likedOn"
                    values={{ date: <FormattedDate value={createdAt} dateStyle="medium" /> }}
                  />
                </span>
              </div>
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={pending === contentId}
                onClick={() => onUnlike(kind, contentId, title)}
              >
                <FormattedMessage id="myso.unlike" />
                <span className="visually-hidden">: {title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type AccessRequestRow = ReturnType<typeof useMysoView>['data'] extends infer D
  ? D extends { requests: (infer R)[] }
    ? R
    : never
  : never;

/** The reader's access requests, sortable by content and by date. */
function RequestTable({ requests }: { requests: AccessRequestRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const columns: Column<AccessRequestRow>[] = [
    {
      name: 'content',
      header: t('myso.content'),
      cell: (r) => <Link to={contentPath(r.contentType, r.contentId)}>{r.contentTitle}</Link>,
      sortBy: (r) => r.contentTitle,
    },
    { name: 'type', header: t('myso.type'), cell: (r) => t(`myso.type.${r.contentType}`) },
    {
      name: 'state',
      header: t('myso.state'),
      cell: (r) => <span className={`state state-${r.status.toLowerCase()}`}>{t(`myso.state.${r.status}`)}</span>,
    },
    {
      name: 'requested',
      header: t('myso.requestedOn'),
      cell: (r) => <FormattedDate value={r.createdAt} dateStyle="medium" />,
      sortBy: (r) => r.createdAt,
    },
  ];
  return (
    <DataTable
      data={{ status: 'ok', items: requests }}
      columns={columns}
      label={t('myso.requests')}
      empty={t('myso.noRequests')}
    />
  );
}
