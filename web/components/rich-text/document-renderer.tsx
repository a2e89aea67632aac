// The one renderer of article documents (schema/document.ts): React elements, never HTML strings. The public
// article page, the previews and (once pages are rendered on the worker) the server use it. Pictures get the
// gallery's srcset, focal point and lazy loading (Picture); headings get anchors.
import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isSafeHref, type ArticleDocument, type BlockNode, type InlineNode, type ListNode } from '#schema/document';
import { headingAnchors, placedMedia } from '#schema/document-text';
import type { Article, Media } from '#schema/entities';
import Picture from '../picture';
import { VideoPlayer } from '../video-player';
import './rich-text.css';

type GalleryImage = Extract<NonNullable<Media>, { kind: 'gallery' }>['images'][number];
type Video = Extract<NonNullable<Media>, { kind: 'video' }>['videos'][number];

/**
 * The pictures the gallery above the text shows: all of a gallery article's; of any other article only those its
 * text does not place (a picture uploaded from the editor joins the gallery, and would otherwise show twice).
 */
export function galleryAbove(type: Article['type'], media: Media, body: ArticleDocument): GalleryImage[] {
  if (media?.kind !== 'gallery') return [];
  if (type === 'gallery') return media.images;
  const placed = new Set(placedMedia(body).map((p) => p.mediaId));
  return media.images.filter((image) => !placed.has(image.id));
}

/** Pictures in the text are as wide as the text column at most. */
const PICTURE = { width: 960, height: 540 };

function renderInline(node: InlineNode, key: number): ReactNode {
  if (node.type === 'break') return <br key={key} />;
  if (node.type === 'link') {
    // The schema refuses other addresses; checked again so a document from anywhere renders no script link.
    const href = isSafeHref(node.href) ? node.href : undefined;
    const external = href?.startsWith('http');
    return (
      <a key={key} href={href} {...(external ? { rel: 'noopener noreferrer nofollow' } : {})}>
        {node.children.map(renderInline)}
      </a>
    );
  }
  let out: ReactNode = node.text;
  if (node.code) out = <code>{out}</code>;
  if (node.italic) out = <em>{out}</em>;
  if (node.bold) out = <strong>{out}</strong>;
  return <Fragment key={key}>{out}</Fragment>;
}

function List({ node }: { node: ListNode }) {
  const Tag = node.ordered ? 'ol' : 'ul';
  return (
    <Tag>
      {node.items.map((item, i) => (
        <li key={i}>
          {item.children.map((child, j) =>
            child.type === 'list' ? (
              <List key={j} node={child} />
            ) : (
              <Fragment key={j}>{child.children.map(renderInline)}</Fragment>
            ),
          )}
        </li>
      ))}
    </Tag>
  );
}

export interface DocumentRendererProps {
  document: ArticleDocument;
  /** The article's media: the pictures and videos the document places are looked up here by id. */
  media: Media;
  articleTitle: string;
  /** Whether the first picture is the page's first (loads at once); later ones load lazily. */
  eagerFirstPicture?: boolean;
}

export default function DocumentRenderer({
  document,
  media,
  articleTitle,
  eagerFirstPicture = false,
}: DocumentRendererProps) {
  const intl = useIntl();
  const anchors = headingAnchors(document);
  const images = new Map<string, GalleryImage>(
    media?.kind === 'gallery' ? media.images.map((i) => [i.id, i] as const) : [],
  );
  const videos = new Map<string, Video>(media?.kind === 'video' ? media.videos.map((v) => [v.id, v] as const) : []);
  let pictures = 0;

  const block = (node: BlockNode, index: number): ReactNode => {
    switch (node.type) {
      case 'paragraph':
        return node.children.length ? <p key={index}>{node.children.map(renderInline)}</p> : null;
      case 'heading': {
        const Tag = `h${node.level}` as const;
        const id = anchors.get(index)!;
        return (
          <Tag key={index} id={id} className="rich-heading">
            {node.children.map(renderInline)}{' '}
            <a
              className="rich-anchor"
              href={`#${id}`}
              aria-label={intl.formatMessage({ id: 'richText.anchor', defaultMessage: 'Link to this section' })}
            >
              #
            </a>
          </Tag>
        );
      }
      case 'quote':
        return (
          <blockquote key={index}>
            <p>{node.children.map(renderInline)}</p>
          </blockquote>
        );
      case 'rule':
        return <hr key={index} />;
      case 'list':
        return <List key={index} node={node} />;
      case 'image': {
        // A picture removed from the gallery since leaves nothing behind in the text.
        const image = images.get(node.mediaId);
        if (!image) return null;
        const eager = eagerFirstPicture && pictures++ === 0;
        return (
          <figure key={index} className="rich-figure">
            <Picture src={image.href} alt={node.alt} width={PICTURE.width} height={PICTURE.height} eager={eager} />
            {node.caption && <figcaption>{node.caption}</figcaption>}
          </figure>
        );
      }
      case 'video': {
        const video = videos.get(node.mediaId);
        if (!video) return null;
        return (
          <VideoPlayer
            key={index}
            video={video}
            label={
              video.title ||
              intl.formatMessage(
                { id: 'media.videoOf', defaultMessage: '{title}, video {n}' },
                { title: articleTitle, n: video.ordinal + 1 },
              )
            }
          />
        );
      }
    }
  };

  return <div className="article-description rich-text">{document.children.map(block)}</div>;
}
