// The article's own pictures and videos placed in the text, as Lexical decorator nodes: they hold the media id
// (and a picture's alt text and caption) the document stores; the editor shows them from the article's media.
import { createContext, useContext, type ReactNode } from 'react';
import {
  $applyNodeReplacement,
  DecoratorNode,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';

/**
 * Uploads a new picture into the article's gallery and answers its media id, so the text can place it; rejects
 * when the upload fails or is cancelled (`signal`).
 */
export type PictureUpload = (
  file: File,
  options: { onProgress: (sent: number, total: number) => void; signal: AbortSignal },
) => Promise<string>;

export interface EditorMedia {
  images: { id: string; href: string; title: string }[];
  videos: { id: string; href: string; title: string; thumbnailHref: string | null }[];
  /** Absent where the article can take no new picture: not saved yet, or it holds videos (`noUpload` says which). */
  upload?: PictureUpload | undefined;
  noUpload?: 'unsaved' | 'videos' | undefined;
}
export const MediaContext = createContext<EditorMedia>({ images: [], videos: [] });

function PlacedPicture({ mediaId, alt, caption }: { mediaId: string; alt: string; caption: string }) {
  const image = useContext(MediaContext).images.find((i) => i.id === mediaId);
  return (
    <figure className="rte-figure">
      {image ? <img src={image.href} alt={alt} width={480} height={270} /> : <span className="rte-missing">?</span>}
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}

function PlacedVideo({ mediaId }: { mediaId: string }) {
  const video = useContext(MediaContext).videos.find((v) => v.id === mediaId);
  return (
    <figure className="rte-figure">
      {video?.thumbnailHref ? <img src={video.thumbnailHref} alt="" width={480} height={270} /> : <span>▶</span>}
      <figcaption>▶ {video?.title ?? ''}</figcaption>
    </figure>
  );
}

type SerializedMedia = Spread<{ mediaId: string }, SerializedLexicalNode>;
type SerializedPicture = Spread<{ alt: string; caption: string }, SerializedMedia>;

/** A block of the article's own media in the text: its media id, drawn by the subclass's view. */
abstract class PlacedMediaNode extends DecoratorNode<ReactNode> {
  __mediaId: string;

  constructor(mediaId: string, key?: NodeKey) {
    super(key);
    this.__mediaId = mediaId;
  }
  exportJSON(): SerializedMedia {
    return { ...super.exportJSON(), mediaId: this.__mediaId };
  }
  createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'rte-block';
    return div;
  }
  updateDOM(): false {
    return false;
  }
  isInline(): false {
    return false;
  }
  getMediaId() {
    return this.getLatest().__mediaId;
  }
}

export class ArticlePictureNode extends PlacedMediaNode {
  __alt: string;
  __caption: string;

  static getType(): string {
    return 'article-picture';
  }
  static clone(node: ArticlePictureNode): ArticlePictureNode {
    return new ArticlePictureNode(node.__mediaId, node.__alt, node.__caption, node.__key);
  }
  static importJSON(json: SerializedPicture): ArticlePictureNode {
    return $createPictureNode(json.mediaId, json.alt, json.caption);
  }
  constructor(mediaId: string, alt: string, caption: string, key?: NodeKey) {
    super(mediaId, key);
    this.__alt = alt;
    this.__caption = caption;
  }
  exportJSON(): SerializedPicture {
    return { ...super.exportJSON(), alt: this.__alt, caption: this.__caption };
  }
  getAlt() {
    return this.getLatest().__alt;
  }
  getCaption() {
    return this.getLatest().__caption;
  }
  decorate(): ReactNode {
    return <PlacedPicture mediaId={this.__mediaId} alt={this.__alt} caption={this.__caption} />;
  }
}

export class ArticleVideoNode extends PlacedMediaNode {
  static getType(): string {
    return 'article-video';
  }
  static clone(node: ArticleVideoNode): ArticleVideoNode {
    return new ArticleVideoNode(node.__mediaId, node.__key);
  }
  static importJSON(json: SerializedMedia): ArticleVideoNode {
    return $createVideoNode(json.mediaId);
  }
  decorate(): ReactNode {
    return <PlacedVideo mediaId={this.__mediaId} />;
  }
}

export const $createPictureNode = (mediaId: string, alt: string, caption = '') =>
  $applyNodeReplacement(new ArticlePictureNode(mediaId, alt, caption));
export const $createVideoNode = (mediaId: string) => $applyNodeReplacement(new ArticleVideoNode(mediaId));
export const $isPictureNode = (node: LexicalNode | null | undefined): node is ArticlePictureNode =>
  node instanceof ArticlePictureNode;
export const $isVideoNode = (node: LexicalNode | null | undefined): node is ArticleVideoNode =>
  node instanceof ArticleVideoNode;
