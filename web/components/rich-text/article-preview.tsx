// An article as its public page shows it (title, teaser, media, the document), from saved or unsaved values:
// the form's Preview and the reviewers' preview links use it.
import { FormattedDate } from 'react-intl';
import type { Article } from '#schema/entities';
import Gallery from '../gallery';
import Picture from '../picture';
import VideoList from '../video-player';
import DocumentRenderer, { galleryAbove } from './document-renderer';

export type PreviewArticle = Pick<
  Article,
  'title' | 'type' | 'teaser' | 'media' | 'thumbnailHref' | 'body' | 'createdAt'
>;

export default function ArticlePreview({ article }: { article: PreviewArticle }) {
  const media = article.media;
  const above = galleryAbove(article.type, media, article.body);
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
      {above.length > 0 && <Gallery images={above} articleTitle={article.title} />}
      {media?.kind === 'video' && (
        <VideoList videos={media.videos} articleTitle={article.title} poster={article.thumbnailHref} />
      )}
      {above.length === 0 && media?.kind !== 'video' && article.thumbnailHref && (
        <Picture src={article.thumbnailHref} alt={article.title} width={960} height={540} eager />
      )}
      <DocumentRenderer document={article.body} media={media} articleTitle={article.title} />
    </article>
  );
}
