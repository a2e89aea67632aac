// WordPress's export file (WXR 1.1 and 1.2) read as a stream (decision 047): the bytes are decoded and fed to saxes
// chunk by chunk, and what the file holds comes out as events (the site, each author, category and tag, each item)
// as soon as each is closed. Only the item being read is held. A DOCTYPE (and with it any entity declaration) is
// refused before anything of the document is read: no external entities, no entity expansion.
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface WxrAuthor {
  login: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

export interface WxrTerm {
  kind: 'category' | 'tag';
  slug: string;
  name: string;
  /** A category's parent, by slug; '' for none. */
  parent: string;
}

export interface WxrItem {
  /** Where the item starts in the file (line), for the report. */
  line: number;
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  postId: string;
  postDateGmt: string;
  postDate: string;
  slug: string;
  status: string;
  postType: string;
  parentId: string;
  password: string;
  sticky: boolean;
  attachmentUrl: string;
  /** `category` elements: domain `category` or `post_tag`, the term's slug and name. */
  terms: { domain: string; slug: string; name: string }[];
  meta: Record<string, string>;
  comments: number;
}

export type WxrEvent =
  | { type: 'site'; url: string }
  | { type: 'author'; author: WxrAuthor }
  | { type: 'term'; term: WxrTerm }
  | {
      type: 'item';
      item: WxrItem;
      index: number;
      /** The byte where the text being parsed starts: how far the read is (cheap, unlike `end`). */
      read: number;
      end: () => WxrResumePoint;
    };

/**
 * Where a scan can go on after an item (decision 047): the byte just after its `</item>` and that byte's line. What
 * follows is read again by a new parser from there (`readWxr`'s `from`), inside `<rss><channel>` as before.
 */
export interface WxrResumePoint {
  byte: number;
  line: number;
}

/** The file is not what it must be: malformed, truncated, or refused (a DOCTYPE). Names the line. */
export class WxrError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
    this.name = 'WxrError';
  }
}

/** A field longer than this fails the file: no post is that long, and it bounds what one item may hold. */
const MAX_FIELD = 4 * 1024 * 1024;

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: 'title',
  link: 'link',
  guid: 'guid',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_id': 'postId',
  'wp:post_date_gmt': 'postDateGmt',
  'wp:post_date': 'postDate',
  'wp:post_name': 'slug',
  'wp:status': 'status',
  'wp:post_type': 'postType',
  'wp:post_parent': 'parentId',
  'wp:post_password': 'password',
  'wp:attachment_url': 'attachmentUrl',
};

const newItem = (line: number): WxrItem => ({
  line,
  title: '',
  link: '',
  guid: '',
  creator: '',
  content: '',
  excerpt: '',
  postId: '',
  postDateGmt: '',
  postDate: '',
  slug: '',
  status: '',
  postType: '',
  parentId: '',
  password: '',
  sticky: false,
  attachmentUrl: '',
  terms: [],
  meta: {},
  comments: 0,
});

/**
 * The events of a WXR file read from `stream`, in file order. `from`: the stream starts at a resume point of an
 * earlier read (an R2 range read from `from.byte`), so it is read as the inside of the channel and lines count on.
 */
export async function* readWxr(stream: ReadableStream<Uint8Array>, from?: WxrResumePoint): AsyncGenerator<WxrEvent> {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  /** The file's line of the parser's line (the resumed text is fed after a prefix that has no line break). */
  const lineBase = (from?.line ?? 1) - 1;
  const lineOf = () => lineBase + parser.line;
  /** The text being parsed, and the characters and bytes before it: what turns a position into a byte. */
  let current = '';
  let charsBefore = 0;
  let bytesBefore = from?.byte ?? 0;
  const encoder = new TextEncoder();
  const pending: WxrEvent[] = [];
  const path: string[] = [];
  let text = '';
  let item: WxrItem | null = null;
  let index = 0;
  let record: Record<string, string> | null = null;
  let category: { domain: string; slug: string } | null = null;
  let seenRoot = false;

  parser.on('doctype', () => {
    throw new WxrError('XML with a DOCTYPE is refused (no entity declarations are read)', lineOf());
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    if (!seenRoot) {
      seenRoot = true;
      if (name !== 'rss') throw new WxrError(`Expected an <rss> document, found <${name}>`, lineOf());
    }
    path.push(name);
    text = '';
    const parent = path[path.length - 2];
    if (name === 'item' && parent === 'channel') item = newItem(lineOf());
    else if (!item && parent === 'channel' && (name === 'wp:author' || name === 'wp:category' || name === 'wp:tag')) {
      record = {};
    } else if (item && parent === 'item' && name === 'category') {
      category = { domain: String(tag.attributes.domain ?? ''), slug: String(tag.attributes.nicename ?? '') };
    } else if (item && parent === 'item' && name === 'wp:postmeta') record = {};
    else if (item && parent === 'item' && name === 'wp:comment') item.comments += 1;
  });
  const onText = (chunk: string) => {
    if (text.length + chunk.length > MAX_FIELD) throw new WxrError('A field is longer than 4 MiB', lineOf());
    text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    path.pop();
    const parent = path[path.length - 1];
    const value = text;
    text = '';
    if (item) {
      if (name === 'item') {
        // Just after `</item>`: computed only when a scan stops here (one encode of the text before it).
        const text = current;
        const at = parser.position - charsBefore;
        const before = bytesBefore;
        const line = lineOf();
        const end = () => ({ byte: before + encoder.encode(text.slice(0, at)).length, line });
        pending.push({ type: 'item', item, index: index++, read: before, end });
        item = null;
      } else if (parent === 'item') {
        const field = ITEM_FIELDS[name];
        if (field) (item as unknown as Record<string, string>)[field] = value.trim();
        else if (name === 'wp:is_sticky') item.sticky = value.trim() === '1';
        else if (name === 'category' && category) {
          item.terms.push({ domain: category.domain, slug: category.slug, name: value.trim() });
          category = null;
        } else if (name === 'wp:postmeta' && record) {
          if (record.key) item.meta[record.key] = record.value ?? '';
          record = null;
        }
      } else if (parent === 'wp:postmeta' && record) {
        if (name === 'wp:meta_key') record.key = value.trim();
        if (name === 'wp:meta_value') record.value = value.trim();
      }
      return;
    }
    if (parent === 'channel' && name === 'wp:base_site_url') pending.push({ type: 'site', url: value.trim() });
    else if (record && parent === 'channel') {
      if (name === 'wp:author') {
        pending.push({
          type: 'author',
          author: {
            login: record['wp:author_login'] ?? '',
            email: record['wp:author_email'] ?? '',
            displayName: record['wp:author_display_name'] ?? '',
            firstName: record['wp:author_first_name'] ?? '',
            lastName: record['wp:author_last_name'] ?? '',
          },
        });
      } else if (name === 'wp:category') {
        pending.push({
          type: 'term',
          term: {
            kind: 'category',
            slug: record['wp:category_nicename'] ?? '',
            name: record['wp:cat_name'] ?? '',
            parent: record['wp:category_parent'] ?? '',
          },
        });
      } else if (name === 'wp:tag') {
        pending.push({
          type: 'term',
          term: { kind: 'tag', slug: record['wp:tag_slug'] ?? '', name: record['wp:tag_name'] ?? '', parent: '' },
        });
      }
      record = null;
    } else if (record && (parent === 'wp:author' || parent === 'wp:category' || parent === 'wp:tag')) {
      record[name] = value.trim();
    }
  });

  const fail = (err: unknown): never => {
    if (err instanceof WxrError) throw err;
    // saxes's message starts with "line:column: ".
    const message = err instanceof Error ? err.message.replace(/^\d+:\d+:\s*/, '') : String(err);
    throw new WxrError(`Malformed XML: ${message}`, lineOf());
  };

  // A resumed read keeps a byte-order mark it meets (none is there after `</item>`), so every byte is counted.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: from !== undefined });
  const reader = stream.getReader();
  try {
    // A resumed read is the inside of the channel: the elements around it go before its first text (ASCII, so its
    // bytes are its characters, counted back from where the text starts).
    let prefix = from ? '<rss><channel>' : '';
    bytesBefore -= prefix.length;
    let first = !from;
    for (;;) {
      const { done, value } = await reader.read();
      try {
        // The byte-order mark the decoder drops is 3 bytes of the file.
        if (first && value && value[0] === 0xef && value[1] === 0xbb && value[2] === 0xbf) bytesBefore += 3;
        first = false;
        const chunk = prefix + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
        prefix = '';
        current = chunk;
        if (chunk) parser.write(chunk);
        charsBefore += chunk.length;
        bytesBefore += chunk.length === 0 ? 0 : encoder.encode(chunk).length;
        if (done) parser.close();
      } catch (err) {
        fail(err);
      }
      yield* pending.splice(0);
      if (done) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Whether the start of a file is a WordPress export (an RSS document in WXR's namespace). */
export function looksLikeWxr(head: string): boolean {
  return /<rss[\s>]/.test(head) && /wordpress\.org\/export\/1\.[0-9]+\//.test(head);
}

/** Whether the start of an XML file declares a DOCTYPE or entities: refused before the file is kept (decision 047). */
export function declaresDoctype(head: string): boolean {
  return /<!DOCTYPE|<!ENTITY/i.test(head);
}
