// /subscribe: the news feed and every channel's feed the visitor may see, each an RSS address to copy into a feed
// reader (GET /channels; the feeds are the worker's, worker/site/).
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { channelFeedPath, newsFeedPath } from '#schema/urls';
import { listChannels } from '#web/api/channels';
import { errorText } from '#web/components/error-text';
import { StaticPage } from '#web/components/static-page';
import { LoadingLine, RetryPanel } from '#web/components/view-state';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { channelPath } from '#web/paths';

export default function SubscribeView() {
  const intl = useIntl();
  const channels = useQuery(keys.channels(), listChannels);
  return (
    <StaticPage page="subscribe" as="article">
      <ul className="feed-list">
        <li>
          <a href={newsFeedPath()} type="application/rss+xml">
            <FormattedMessage id="subscribe.news" />
          </a>
        </li>
        {channels.data?.map((channel) => (
          <li key={channel.id}>
            <a href={channelFeedPath(channel)} type="application/rss+xml">
              {intl.formatMessage({ id: 'subscribe.channel' }, { name: channel.name })}
            </a>{' '}
            <Link to={channelPath(channel)}>{intl.formatMessage({ id: 'subscribe.channelPage' })}</Link>
          </li>
        ))}
      </ul>
      {channels.status === 'loading' && <LoadingLine />}
      {channels.status === 'error' && (
        <RetryPanel
          message={errorText(channels.error, intl)}
          onRetry={channels.reload}
          retrying={channels.validating}
        />
      )}
    </StaticPage>
  );
}
