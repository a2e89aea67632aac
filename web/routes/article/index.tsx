// One article: /article/:articleId and the nested forms under a channel and/or a category.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { Article } from '../../../schema';
import ContentBadges from '../../components/content-badges';
import { DraftBadges, EditLink } from '../../components/content-badges/draft';
import Gallery from '../../components/gallery';
import LikeButton from '../../components/like-button';
import Picture from '../../components/picture';
import RequestAccess from '../../components/request-access';
import VideoList from '../../components/video-player';
import { LoadError, Loading, errorCode } from '../../components/view-state';
import { useArticle } from '../../data/content';
import DocumentRenderer, { galleryAbove } from '../../components/rich-text/document-renderer';
import { textStart } from '../../../schema/document-text';
import './article.css';

export default function ArticleView() {
  const intl = useIntl();
  const { articleId = '' } = useParams();
  const state = useArticle(articleId);

  if (state.status !== 'ok') {
    return (
      <section className="article-view">
        <h1>
          {state.status === 'error' && errorCode(state.error) === 404 ? (
            <FormattedMessage id="article.notFoundTitle" defaultMessage="Article not found" />
          ) : (
            <FormattedMessage id="article.title" defaultMessage="Article" />
          )}
        </h1>
        {state.status === 'loading' ? (
          <Loading />
        ) : (
          <LoadError
            error={state.error}
            notFound={intl.formatMessage({
              id: 'article.notFound',
              defaultMessage: 'This article does not exist or is not visible to you.',
            })}
            onRetry={state.reload}
            retrying={state.validating}
          />
        )}
      </section>
    );
  }
  return <ArticleBody article={state.data} />;
}

function ArticleBody({ article }: { article: Article }) {
  const media = article.media;
  const above = galleryAbove(article.type, media, article.body);
  const mediaAbove = above.length > 0 || media?.kind === 'video';
  return (
    <article className="article-view">
      {/* React places it in the head: search engines' and link previews' summary of the article. */}
      <meta name="description" content={article.teaser || textStart(article.description)} />
      <header className="article-header">
        <h1>{article.title}</h1>
        <ContentBadges restricted={article.restricted} isAd={article.isAd} isEditorial={article.isEditorial} />
        <DraftBadges lifecycle={article} />
        <EditLink kind="article" id={article.id} userId={article.userId} />
        <p className="article-date">
          <time dateTime={article.createdAt}>
            <FormattedDate value={article.createdAt} year="numeric" month="long" day="numeric" />
          </time>
        </p>
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
          {!mediaAbove && article.thumbnailHref && (
            <Picture src={article.thumbnailHref} alt={article.title} width={960} height={540} priority />
          )}
          <DocumentRenderer
            document={article.body}
            media={media}
            articleTitle={article.title}
            eagerFirstPicture={!mediaAbove && !article.thumbnailHref}
          />
        </>
      )}
    </article>
  );
}
