// /subscribe: the news feed and every channel's feed the visitor may see, each an RSS address to copy into a feed
// reader (GET /channels; the feeds are the worker's, worker/site/). Under a language's prefix the feeds are that
// language's (`/de/feeds/news.xml`, decision 055).
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { languagesOf } from '#schema/languages';
import { channelFeedPath, newsFeedPath } from '#schema/urls';
import { listChannels } from '#web/api/channels';
import { errorText } from '#web/components/error-text';
import { StaticPage } from '#web/components/static-page';
import { LoadingLine, RetryPanel } from '#web/components/view-state';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { useLocale } from '#web/i18n';
import { channelPath } from '#web/paths';

export default function SubscribeView() {
  const intl = useIntl();
  const channels = useQuery(keys.channels(), listChannels);
  const { locale, languages } = useLocale();
  const inLanguage = { languages: languagesOf(languages.join(',')), language: locale };
  return (
    <StaticPage page="subscribe" as="article">
      <ul className="feed-list">
        <li>
          <a href={newsFeedPath(inLanguage)} type="application/rss+xml">
            <FormattedMessage id="subscribe.news" />
          </a>
        </li>
        {channels.data?.map((channel) => (
          <li key={channel.id}>
            <a href={channelFeedPath(channel, inLanguage)} type="application/rss+xml">
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
