// One article: /article/:articleId and the nested forms under a channel and/or a category.
import { FormattedDate, FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Article } from '#schema';
import ContentBadges from '#web/components/content-badges';
import { DraftBadges, EditLink } from '#web/components/content-badges/draft';
import Gallery from '#web/components/gallery';
import LikeButton from '#web/components/like-button';
import Picture from '#web/components/picture';
import RequestAccess from '#web/components/request-access';
import VideoList from '#web/components/video-player';
import { PendingScreen } from '#web/components/view-state';
import { useArticle } from '#web/data/content';
import DocumentRenderer, { galleryAbove } from '#web/components/rich-text/document-renderer';
import { placedMedia } from '#schema/document-text';
import { authorPath, categoryPath, channelPath } from '#web/paths';
import LanguageFallback, { isFallback } from '#web/components/language-fallback';
import './article.css';

const pending = defineMessages({
  title: { id: 'article.title', defaultMessage: 'Article' },
  notFoundTitle: { id: 'article.notFoundTitle', defaultMessage: 'Article not found' },
  notFound: { id: 'article.notFound', defaultMessage: 'This article does not exist or is not visible to you.' },
});

export default function ArticleView() {
  const { articleId = '' } = useParams();
  const state = useArticle(articleId);

  if (state.status !== 'ok') {
    return <PendingScreen className="article-view" query={state} texts={pending} />;
  }
  return <ArticleBody article={state.data} />;
}

function ArticleBody({ article }: { article: Article }) {
  const { locale } = useIntl();
  const fallback = isFallback(article.language, locale);
  const media = article.media;
  const above = galleryAbove(article.type, media, article.body);
  const mediaAbove = above.length > 0 || media?.kind === 'video';
  const lead = leadPicture(article);
  return (
    <article className="article-view" lang={fallback ? article.language : undefined}>
      {fallback && (
        <div lang={locale}>
          <LanguageFallback language={article.language!} />
        </div>
      )}
      <header className="article-header">
        <h1>{article.title}</h1>
        <ContentBadges restricted={article.restricted} isAd={article.isAd} isEditorial={article.isEditorial} />
        <DraftBadges lifecycle={article} />
        <EditLink kind="article" id={article.id} userId={article.userId} />
        <ArticleContext article={article} />
        <LikeButton kind="article" content={article} />
      </header>
      {article.teaser && <p className="article-teaser">{article.teaser}</p>}
      {article.locked ? (
        <>
          {article.thumbnailHref && (
            <Picture src={article.thumbnailHref} alt={article.title} width={640} height={360} priority />
          )}
          <RequestAccess
            contentId={article.id}
            contentType="article"
            title={article.title}
            requested={article.accessRequested ?? false}
          />
        </>
      ) : (
        <>
          {above.length > 0 && <Gallery images={above} articleTitle={article.title} />}
          {media?.kind === 'video' && (
            <VideoList videos={media.videos} articleTitle={article.title} poster={article.thumbnailHref} />
          )}
          {!mediaAbove && lead && <Picture src={lead} alt={article.title} width={960} height={540} priority />}
          <DocumentRenderer
            document={article.body}
            media={media}
            articleTitle={article.title}
            eagerFirstPicture={!mediaAbove && !lead}
          />
        </>
      )}
    </article>
  );
}

/**
 * The large picture above the text: the thumbnail, unless the text places that same picture itself (a text
 * article's thumbnail is often its first picture), which would show it twice.
 */
export function leadPicture(article: Pick<Article, 'thumbnailHref' | 'media' | 'body'>): string | null {
  const href = article.thumbnailHref;
  if (!href || article.media?.kind !== 'gallery') return href;
  const placed = new Set(placedMedia(article.body).map((p) => p.mediaId));
  return article.media.images.some((image) => placed.has(image.id) && image.href === href) ? null : href;
}

/** Where the article belongs: its channel, its author, its categories and its date, each linked to its page. */
function ArticleContext({ article }: { article: Article }) {
  const date = (
    <time dateTime={article.createdAt}>
      <FormattedDate value={article.createdAt} year="numeric" month="long" day="numeric" />
    </time>
  );
  return (
    <div className="article-context">
      <p className="article-date">
        {article.author ? (
          <FormattedMessage
            id="article.byline"
            defaultMessage="By {author} on {date}"
            values={{ author: <Link to={authorPath(article.author)}>{article.author.displayName}</Link>, date }}
          />
        ) : (
          date
        )}
        {article.channel && (
          <>
            {' · '}
            <FormattedMessage
              id="article.inChannel"
              defaultMessage="in {channel}"
              values={{ channel: <Link to={channelPath(article.channel)}>{article.channel.name}</Link> }}
            />
          </>
        )}
      </p>
      {article.categories.length > 0 && (
        <p className="article-categories">
          <FormattedMessage id="article.categories" defaultMessage="Categories:" />{' '}
          {article.categories.map((category, i) => (
            <span key={category.id}>
              {i > 0 && ', '}
              <Link to={categoryPath(category)}>{category.title}</Link>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
