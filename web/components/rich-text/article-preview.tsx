// An article as its public page shows it (title, teaser, media, the document), from saved or unsaved values:
// the form's Preview and the reviewers' preview links use it.
import { FormattedDate } from 'react-intl';
import type { Article } from '../../../schema/entities';
import Gallery from '../gallery';
import Picture from '../picture';
import VideoList from '../video-player';
import DocumentRenderer from './document-renderer';

export type PreviewArticle = Pick<Article, 'title' | 'teaser' | 'media' | 'thumbnailHref' | 'body' | 'createdAt'>;

export default function ArticlePreview({ article }: { article: PreviewArticle }) {
  const media = article.media;
  return (
    <article className="article-view">
      <header className="article-header">
        <h1>{article.title}</h1>
        <p className="article-date">
          <time dateTime={article.createdAt}>
            <FormattedDate value={article.createdAt} year="numeric" month="long" day="numeric" />
          </time>
        </p>
      </header>
      {article.teaser && <p className="article-teaser">{article.teaser}</p>}
      {media?.kind === 'gallery' && <Gallery images={media.images} articleTitle={article.title} />}
      {media?.kind === 'video' && (
        <VideoList videos={media.videos} articleTitle={article.title} poster={article.thumbnailHref} />
      )}
      {!media && article.thumbnailHref && (
        <Picture src={article.thumbnailHref} alt={article.title} width={960} height={540} eager />
      )}
      <DocumentRenderer document={article.body} media={media} articleTitle={article.title} />
    </article>
  );
}
