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

/** The addresses a step's pictures are named by (text and featured picture), once each. */
export function pictureUrls(blocks: DraftBlock[], featuredUrl: string | null): string[] {
  return [
    ...new Set([
      ...blocks.flatMap((b) => (b.type === 'sourceImage' ? [b.src] : [])),
      ...(featuredUrl ? [featuredUrl] : []),
    ]),
  ];
}

/**
 * The pictures of one step (decision 047's speed work): those stored by earlier imports, looked up once for the whole
 * step, and those being had now, each fetched once however many items of the step name it.
 */
export class StepPictures {
  private readonly pending = new Map<string, Promise<MediaOutcome>>();
  private constructor(readonly known: Map<string, string>) {}

  static async load(ctx: ImportContext, site: string, urls: readonly string[]): Promise<StepPictures> {
    return new StepPictures(await knownPictures(ctx.db, site, [...new Set(urls)]));
  }

  /** The picture at `url`: had once per step through `fetchOne`, however many items ask. */
  have(url: string, fetchOne: PictureFetch): Promise<MediaOutcome> {
    let outcome = this.pending.get(url);
    if (!outcome) {
      outcome = fetchOne(url);
      this.pending.set(url, outcome);
    }
    return outcome;
  }
}

/** How many pictures of one item are fetched at once (the items of a step go side by side as well). */
const PICTURES_AT_ONCE = 4;

/** Stores (or finds) each picture and puts image nodes in; one that could not be had becomes a link to its source. */
export async function placePictures(
  ctx: ImportContext,
  step: StepPictures,
  blocks: DraftBlock[],
  featuredUrl: string | null,
  onMissing: (url: string, reason: string) => void,
  fetchOne: PictureFetch = (url) => fetchPicture(ctx.env, ctx.db, ctx.adminId, url),
): Promise<PlacedPictures> {
  const urls = pictureUrls(blocks, featuredUrl);
  const keys = new Map<string, string>();
  const fetched: { url: string; key: string }[] = [];
  const todo: string[] = [];
  for (const url of urls) {
    const known = step.known.get(url);
    if (known) keys.set(url, known);
    else todo.push(url);
  }
  for (let i = 0; i < todo.length; i += PICTURES_AT_ONCE) {
    await Promise.all(
      todo.slice(i, i + PICTURES_AT_ONCE).map(async (url) => {
        const outcome = await step.have(url, fetchOne);
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
