// The order of a channel's articles (articleOrdinals.main): every article of the channel, drafts and hidden ones
// included, reordered by drag, keyboard or buttons; each move is saved at once.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Channel } from '#schema/entities';
import type { WorkspaceArticle } from '#schema/workspace';
import { updateChannel } from '#web/api/channels-edit';
import { listChannelArticlesToArrange } from '#web/api/workspace';
import { useNotify } from '#web/components/notifications';
import { LoadError, Loading } from '#web/components/view-state';
import { errorText } from '#web/components/error-text';
import { SortableList } from '#web/components/workspace/sortable-list';
import { useListOrder } from '#web/components/workspace/list-order';
import { StatusBadges } from '#web/components/workspace/status';
import { setQueryData, usePagedQuery, write } from '#web/data/cache';
import { keys } from '#web/data/keys';

/** The new `main` list: the arranged ids, then those of the old list not loaded here (kept in their order). */
export function nextMainOrder(arranged: readonly string[], previous: readonly string[]): string[] {
  const shown = new Set(arranged);
  return [...arranged, ...previous.filter((id) => !shown.has(id))];
}

export function ArticleOrder({ channel }: { channel: Channel }) {
  const intl = useIntl();
  const notify = useNotify();
  const id = useId();
  const list = usePagedQuery(keys.channelArrangement(channel.id), (cursor) =>
    listChannelArticlesToArrange(channel.id, cursor),
  );
  // A new page or a refetch is the order again.
  const { order, moving, move } = useListOrder<WorkspaceArticle>(
    list.items,
    list.items.map((a) => a.id).join(','),
    (next) => {
      const main = nextMainOrder(
        next.map((a) => a.id),
        channel.articleOrdinals.main ?? [],
      );
      return write(() => updateChannel(channel.id, { articleOrdinals: { ...channel.articleOrdinals, main } }), {
        update: (saved) => setQueryData(keys.channel(saved.id), () => saved),
        invalidate: [['channel', channel.id], ['workspace']],
      });
    },
    (err) => notify({ kind: 'error', message: errorText(err, intl) }),
  );

  return (
    <section className="ws-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage({ id: 'ws.channels.order' })}</h2>
      <p className="muted">{intl.formatMessage({ id: 'ws.channels.orderHint' })}</p>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && (
        <LoadError
          error={list.error}
          notFound={intl.formatMessage({ id: 'ws.channels.noArticles' })}
          onRetry={list.reload}
        />
      )}
      {list.status === 'ok' && order.length === 0 && (
        <p className="muted">{intl.formatMessage({ id: 'ws.channels.noArticles' })}</p>
      )}
      {order.length > 0 && (
        <SortableList
          items={order}
          label={intl.formatMessage({ id: 'ws.channels.order' })}
          nameOf={(a) => a.title}
          disabled={moving}
          onMove={(from, to) => void move(from, to)}
          renderItem={(a) => (
            <div className="ws-order-item">
              <Link to={`/myaccount/articles/${a.id}`}>{a.title}</Link>
              <StatusBadges row={a} />
            </div>
          )}
        />
      )}
      {list.cursor && (
        <button
          type="button"
          className="button button-secondary load-more"
          disabled={list.busy}
          onClick={() =>
            void list.loadMore().catch((err: unknown) => notify({ kind: 'error', message: errorText(err, intl) }))
          }
        >
          {intl.formatMessage({ id: 'ws.list.more' })}
        </button>
      )}
    </section>
  );
}
