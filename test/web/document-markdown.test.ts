// The article document as Markdown and back (schema/document-markdown.ts), what the MCP tools read and write: every
// node of the format survives the round trip, text that looks like markup stays text, and what the subset has no
// node for is kept as text rather than lost.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_VERSION, documentObject, type ArticleDocument } from '#schema/document';
import { documentToMarkdown, markdownToDocument } from '#schema/document-markdown';

const IMAGE = '0b7d7e3c-5a53-4d0e-9f51-2f5d1d2c1a10';
const VIDEO = '6a3b1c2d-7e8f-4a0b-9c1d-2e3f4a5b6c7d';

const rich: ArticleDocument = {
  version: DOCUMENT_VERSION,
  children: [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Warm kitchen' }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'About ' },
        { type: 'text', text: 'four', bold: true },
        { type: 'text', text: ' hours, ' },
        { type: 'text', text: 'roughly', italic: true },
        { type: 'text', text: ' at ' },
        { type: 'text', text: '24 °C', code: true },
        { type: 'text', text: ': see ' },
        { type: 'link', href: 'https://example.com/guide?a=1&b=2', children: [{ type: 'text', text: 'the guide' }] },
        { type: 'break' },
        { type: 'text', text: 'Next line with *stars*, _under_scores_, [brackets] and a \\ backslash.' },
      ],
    },
    { type: 'quote', children: [{ type: 'text', text: 'Bread is patience.' }] },
    { type: 'rule' },
    { type: 'image', mediaId: IMAGE, alt: 'A loaf', caption: 'Baked "today"' },
    { type: 'video', mediaId: VIDEO },
    {
      type: 'list',
      ordered: true,
      items: [
        { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Mix' }] }] },
        {
          type: 'listItem',
          children: [
            { type: 'paragraph', children: [{ type: 'text', text: 'Fold' }] },
            {
              type: 'list',
              ordered: false,
              items: [
                { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'gently' }] }] },
                { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'twice' }] }] },
              ],
            },
          ],
        },
      ],
    },
    { type: 'heading', level: 4, children: [{ type: 'text', text: 'Notes' }] },
    { type: 'paragraph', children: [{ type: 'text', text: '# not a heading, - not a list, 1. not a list either' }] },
  ],
};

describe('document <-> Markdown', () => {
  it('round-trips every node of the format', () => {
    const markdown = documentToMarkdown(rich);
    expect(markdownToDocument(markdown)).toEqual(rich);
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
  });

  it('writes the usual Markdown for each node', () => {
    const markdown = documentToMarkdown(rich);
    expect(markdown).toContain('## Warm kitchen');
    expect(markdown).toContain(
      'About **four** hours, *roughly* at `24 °C`: see [the guide](https://example.com/guide?a=1&b=2)\\\n',
    );
    expect(markdown).toContain(`![A loaf](media:${IMAGE} "Baked \\"today\\"")`);
    expect(markdown).toContain(`![](video:${VIDEO})`);
    expect(markdown).toContain('1. Mix\n2. Fold\n   - gently\n   - twice');
  });

  it('reads what people and models write: soft breaks, # headings, * lists, unsafe links as text', () => {
    const doc = markdownToDocument(
      '# Title\n\nOne line\nsame paragraph.\n\n* a\n* b\n\n[click](javascript:alert(1)) and __strong__\n\n<b>html</b>',
    );
    expect(documentObject.safeParse(doc).success).toBe(true);
    expect(doc.children).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'One line same paragraph.' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'a' }] }] },
          { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'b' }] }] },
        ],
      },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '[click](javascript:alert(1)) and ' },
          { type: 'text', text: 'strong', bold: true },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: '<b>html</b>' }] },
    ]);
  });

  it('an empty text is an empty document', () => {
    expect(markdownToDocument('  \n\n')).toEqual({ version: DOCUMENT_VERSION, children: [] });
    expect(documentToMarkdown({ version: DOCUMENT_VERSION, children: [] })).toBe('');
  });
});
