// Pictures of an imported item (decision 046): each stored once (fetched from its address, or read from the archive
// the source came in) and found again by its address on a re-import; the text's picture placeholders become image
// nodes naming the gallery entries, and a picture that could not be had becomes a link to its source.
import type { BlockNode, InlineNode } from '#schema/document';
import type { DraftBlock } from './html-to-document';
import { fetchPicture, knownPictures, type MediaOutcome } from './media';
import type { ImportContext } from './progress';

/** How one picture is had: fetched by default; read from the archive for a Markdown ZIP. */
export type PictureFetch = (url: string) => Promise<MediaOutcome>;

export interface PlacedPictures {
  blocks: BlockNode[];
  gallery: { id: string; key: string; title: string }[];
  featuredKey: string | null;
  /** Addresses fetched now, to be remembered once the item is written. */
  fetched: { url: string; key: string }[];
}

/** Stores (or finds) each picture and puts image nodes in; one that could not be had becomes a link to its source. */
export async function placePictures(
  ctx: ImportContext,
  site: string,
  blocks: DraftBlock[],
  featuredUrl: string | null,
  onMissing: (url: string, reason: string) => void,
  fetchOne: PictureFetch = (url) => fetchPicture(ctx.env, ctx.db, ctx.adminId, url),
): Promise<PlacedPictures> {
  const urls = [
    ...new Set([
      ...blocks.flatMap((b) => (b.type === 'sourceImage' ? [b.src] : [])),
      ...(featuredUrl ? [featuredUrl] : []),
    ]),
  ];
  const keys = await knownPictures(ctx.db, site, urls);
  const fetched: { url: string; key: string }[] = [];
  const todo = urls.filter((u) => !keys.has(u));
  for (let i = 0; i < todo.length; i += 4) {
    await Promise.all(
      todo.slice(i, i + 4).map(async (url) => {
        const outcome = await fetchOne(url);
        if (outcome.ok) {
          keys.set(url, outcome.picture.key);
          fetched.push({ url, key: outcome.picture.key });
        } else onMissing(url, outcome.reason);
      }),
    );
  }
  const gallery: PlacedPictures['gallery'] = [];
  const out: BlockNode[] = [];
  for (const block of blocks) {
    if (block.type !== 'sourceImage') {
      out.push(block);
      continue;
    }
    const key = keys.get(block.src);
    if (!key) {
      const text: InlineNode = { type: 'text', text: block.alt || block.caption || block.src };
      out.push({
        type: 'paragraph',
        children: [{ type: 'link', href: block.src, children: [text] }],
      });
      continue;
    }
    const id = crypto.randomUUID();
    gallery.push({ id, key, title: (block.alt || block.caption || '').slice(0, 200) });
    out.push({ type: 'image', mediaId: id, alt: block.alt, ...(block.caption ? { caption: block.caption } : {}) });
  }
  return { blocks: out, gallery, featuredKey: featuredUrl ? (keys.get(featuredUrl) ?? null) : null, fetched };
}
