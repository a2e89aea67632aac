// One channel: /chan/:channelId and /category/:categoryId/c/:channelId. Article links keep the nesting.
import { FormattedMessage, useIntl, defineMessages } from 'react-intl';
import { useParams } from 'react-router';
import type { ChannelSummary } from '#schema';
import { listChannelArticles } from '#web/api/channels';
import ContentBadges from '#web/components/content-badges';
import { DraftBadges, EditLink } from '#web/components/content-badges/draft';
import LikeButton from '#web/components/like-button';
import ArticleCard from '#web/components/news-card/article-card';
import Picture from '#web/components/picture';
import RequestAccess from '#web/components/request-access';
import { VideoPlayer } from '#web/components/video-player';
import { PagedList } from '#web/components/paged-list';
import { PendingScreen } from '#web/components/view-state';
import { usePagedQuery } from '#web/data/cache';
import { useChannelSummary } from '#web/data/content';
import { keys } from '#web/data/keys';
import { paragraphs } from '#web/routes/article/$articleId/paragraphs';
import '#web/components/news-card/news-card.css';
import './channel.css';
import { articlePath } from '#web/paths';

const pending = defineMessages({
  title: { id: 'channel.title', defaultMessage: 'Channel' },
  notFoundTitle: { id: 'channel.notFoundTitle', defaultMessage: 'Channel not found' },
  notFound: { id: 'channel.notFound', defaultMessage: 'This channel does not exist or is not visible to you.' },
});

export default function ChannelView() {
  const { channelId = '', categoryId } = useParams();
  const state = useChannelSummary(channelId);
  if (state.status !== 'ok') {
    return <PendingScreen className="channel-view" query={state} texts={pending} />;
  }
  return <ChannelBody channel={state.data} categoryId={categoryId} />;
}

/** Article links stay inside the channel page the visitor is on (and its category). */
function ChannelBody({ channel, categoryId }: { channel: ChannelSummary; categoryId: string | undefined }) {
  const intl = useIntl();
  // A page at a time: articleOrdinals.main first, then the newest (GET /channels/{id}/articles).
  const articles = usePagedQuery(keys.channelArticles(channel.id), (cursor) => listChannelArticles(channel.id, cursor));
  const cover = channel.coverMedia;
  const noArticles = intl.formatMessage({
    id: 'channel.noArticles',
    defaultMessage: 'This channel has no articles yet.',
  });
  return (
    <article className="channel-view">
      {channel.bannerHref && (
        <Picture src={channel.bannerHref} alt="" width={1200} height={300} priority className="channel-banner" />
      )}
      <header className="channel-header">
        <Picture
          src={channel.portraitHref}
          alt={channel.name}
          width={128}
          height={128}
          eager
          className="channel-portrait-large"
        />
        <div>
          <h1>{channel.name}</h1>
          <ContentBadges restricted={channel.restricted} private={channel.private} isAd={channel.isAd} />
          <DraftBadges lifecycle={channel} />
          <EditLink kind="channel" id={channel.id} userId={channel.userId} />
          <LikeButton kind="channel" content={channel} />
        </div>
      </header>
      <div className="channel-info">
        {paragraphs(channel.infoText).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {cover?.kind === 'image' && (
        <Picture src={cover.href} alt={channel.name} width={768} height={432} className="channel-cover" />
      )}
      {cover?.kind === 'video' && (
        <VideoPlayer
          video={{ id: `${channel.id}-cover`, title: '', href: cover.href, thumbnailHref: null }}
          label={intl.formatMessage(
            { id: 'channel.coverVideo', defaultMessage: 'Video about {name}' },
            { name: channel.name },
          )}
        />
      )}
      {channel.locked && <RequestAccess contentId={channel.id} contentType="channel" title={channel.name} />}
      <section className="channel-articles" aria-labelledby="channel-articles-title">
        <h2 id="channel-articles-title">
          <FormattedMessage id="channel.articles" defaultMessage="Articles" />
        </h2>
        <PagedList
          list={articles}
          ordered
          empty={noArticles}
          notFound={noArticles}
          more={<FormattedMessage id="channel.showMore" defaultMessage="Show more" />}
          item={(article) => (
            <ArticleCard article={article} to={articlePath(article, { channel, category: categoryId })} />
          )}
        />
      </section>
    </article>
  );
}
