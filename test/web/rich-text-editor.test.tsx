// The article editor (Lexical) and the no-lost-work pieces of the form: toolbar actions and their names, paste
// clean-up, the conflict dialog and the restore offer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { $getRoot, PASTE_COMMAND, type LexicalEditor } from 'lexical';
import { useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type { ArticleDocument } from '#schema/document';
import { articleDocument } from '#schema/document-input';
import RichTextEditor from '#web/components/rich-text/editor';
import { RestoreOffer, useAutosave } from '#web/components/workspace/autosave';
import { ConflictDialog } from '#web/components/workspace/conflict-dialog';

const i18n = path.resolve(import.meta.dirname, '../../web/i18n');
const catalogue = (locale: string) => ({
  ...(JSON.parse(readFileSync(path.join(i18n, `${locale}.json`), 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(path.join(i18n, `workspace.${locale}.json`), 'utf8')) as Record<string, string>),
});
const wrap = (ui: ReactNode, locale = 'en-US') => (
  <IntlProvider locale={locale} messages={catalogue(locale)}>
    {ui}
  </IntlProvider>
);

const IMAGE = 'd1000000-0000-4000-8000-000000000001';
const doc = (text: string): ArticleDocument => ({
  version: 1,
  children: [{ type: 'paragraph', children: [{ type: 'text', text }] }],
});

async function openEditor(value: ArticleDocument = doc('Harbour lights'), locale = 'en-US') {
  let editor: LexicalEditor | null = null;
  const changes: ArticleDocument[] = [];
  render(
    wrap(
      <RichTextEditor
        id="text"
        label="Text"
        value={value}
        onChange={(d) => changes.push(d)}
        media={{ images: [{ id: IMAGE, href: '/api/files/image/quay.jpg', title: 'Quay' }], videos: [] }}
        onReady={(e) => {
          editor = e;
        }}
      />,
      locale,
    ),
  );
  await waitFor(() => expect(editor).not.toBeNull());
  const last = () => changes.at(-1)!;
  const selectAll = () =>
    act(() => {
      editor!.update(() => {
        $getRoot().selectStart();
        const root = $getRoot();
        const first = root.getFirstDescendant();
        const lastText = root.getLastDescendant();
        if (first && lastText) {
          const sel = root.selectStart();
          sel.anchor.set(first.getKey(), 0, 'text');
          sel.focus.set(lastText.getKey(), lastText.getTextContentSize(), 'text');
        }
      });
    });
  return { editor: () => editor!, changes, last, selectAll };
}

describe('the article editor', () => {
  it('names every toolbar button, in English and German', async () => {
    await openEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
    const names = [...toolbar.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Bold',
      'Italic',
      'Link',
      'Heading',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Insert picture',
      'Insert video',
      'Undo',
      'Redo',
    ]);
    expect(screen.getByRole('textbox', { name: 'Text' })).toBeTruthy();
  });

  it('in German too', async () => {
    await openEditor(doc('x'), 'de-DE');
    for (const name of ['Fett', 'Kursiv', 'Überschrift', 'Aufzählung', 'Nummerierte Liste', 'Zitat', 'Bild einfügen'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('Bold, Heading, Bulleted list, Quote and Undo change the document', async () => {
    const { selectAll, last } = await openEditor();
    selectAll();
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() =>
      expect(last().children[0]).toEqual({
        type: 'paragraph',
        children: [{ type: 'text', text: 'Harbour lights', bold: true }],
      }),
    );
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(last().children[0]).toMatchObject({ type: 'heading', level: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(last().children[0]).toMatchObject({ type: 'heading', level: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Quote' }));
    await waitFor(() => expect(last().children[0]).toMatchObject({ type: 'quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(last().children[0]).toMatchObject({ type: 'list', ordered: false }));
    expect(articleDocument.safeParse(last()).success).toBe(true);
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Undo' }).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(last().children[0]).toMatchObject({ type: 'quote' }));
  });

  it('Link asks for an address and refuses a script one; Insert picture places a gallery picture with alt text', async () => {
    const { selectAll, last } = await openEditor();
    selectAll();
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText(/Enter an address starting with/)).toBeTruthy();
    fireEvent.change(address, { target: { value: 'https://example.com/harbour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(last().children[0]).toEqual({
        type: 'paragraph',
        children: [
          { type: 'link', href: 'https://example.com/harbour', children: [{ type: 'text', text: 'Harbour lights' }] },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Insert picture' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByText('Describe the picture for those who cannot see it.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Alternative text (what the picture shows)' }), {
      target: { value: 'The quay at dawn' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() =>
      expect(last().children).toContainEqual({ type: 'image', mediaId: IMAGE, alt: 'The quay at dawn' }),
    );
  });

  it('a paste from a word processor keeps headings, marks, lists and safe links and drops the rest', async () => {
    const { editor, last } = await openEditor({ version: 1, children: [] });
    act(() => editor().update(() => $getRoot().selectEnd()));
    const html = `<meta charset="utf-8"><style>p{color:red}</style>
      <h1 style="font-size:40px">Big title</h1>
      <p class="MsoNormal"><b>Strong</b> <i>soft</i> <u>under</u> <span style="color:red;font-family:Comic">plain</span>
      <a href="javascript:alert(1)">trap</a> <a href="https://example.com">site</a></p>
      <script>alert(1)</script><img src="x" onerror="alert(1)">
      <ul><li>one</li><li>two</li></ul><h5>Small</h5>`;
    act(() => {
      editor().dispatchCommand(PASTE_COMMAND, {
        clipboardData: { getData: (type: string) => (type === 'text/html' ? html : ''), types: ['text/html'] },
        preventDefault: vi.fn(),
      } as unknown as ClipboardEvent);
    });
    await waitFor(() => expect(JSON.stringify(last())).toContain('Big title'));
    const pasted = last();
    expect(articleDocument.safeParse(pasted).success).toBe(true);
    const json = JSON.stringify(pasted);
    expect(json).not.toMatch(/javascript|script|style|color|onerror|underline/);
    expect(pasted.children).toContainEqual({
      type: 'heading',
      level: 2,
      children: [{ type: 'text', text: 'Big title' }],
    });
    expect(pasted.children).toContainEqual({ type: 'heading', level: 4, children: [{ type: 'text', text: 'Small' }] });
    expect(json).toContain('{"type":"text","text":"Strong","bold":true}');
    expect(json).toContain('{"type":"link","href":"https://example.com","children":[{"type":"text","text":"site"}]}');
    expect(json).toContain('trap');
    expect(pasted.children.some((b) => b.type === 'list' && b.items.length === 2)).toBe(true);
  });
});

describe('the conflict dialog', () => {
  it('shows what the other save changed and offers reload and overwrite', () => {
    const onReload = vi.fn();
    const onOverwrite = vi.fn();
    render(
      wrap(
        <ConflictDialog
          fields={[
            { label: 'Title', before: 'Harbour', after: 'Harbour at night' },
            { label: 'Text', before: 'Line one\nLine two', after: 'Line one\nLine 2' },
            { label: 'Teaser', before: 'same', after: 'same' },
          ]}
          onReload={onReload}
          onOverwrite={onOverwrite}
          onCancel={vi.fn()}
        />,
      ),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    // The kit's dialog: both ways out drop someone's changes, so Cancel has the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog.textContent).toContain('Harbour at night');
    expect([...dialog.querySelectorAll('del')].map((d) => d.textContent).join()).toContain('Line two');
    expect([...dialog.querySelectorAll('ins')].map((d) => d.textContent).join()).toContain('Line 2');
    expect(screen.queryByRole('heading', { name: 'Teaser' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard mine and load theirs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
    expect(onReload).toHaveBeenCalledOnce();
    expect(onOverwrite).toHaveBeenCalledOnce();
  });
});

describe('the restore offer', () => {
  function Form({ itemKey }: { itemKey: string }) {
    const [title, setTitle] = useState('Saved title');
    const draft = useAutosave(itemKey, { title }, title !== 'Saved title');
    return (
      <>
        {draft.pending && (
          <RestoreOffer
            savedAt={draft.pending.savedAt}
            onRestore={() => {
              setTitle(draft.pending!.values.title);
              draft.settle();
            }}
            onDiscard={() => draft.settle()}
          />
        )}
        <label>
          Title
          <input value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        </label>
      </>
    );
  }

  it('keeps what is typed in this browser and offers it back after a reload', async () => {
    const first = render(wrap(<Form itemKey="u1:article:a1" />));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Typed, not saved' } });
    await waitFor(() => expect(localStorage.getItem('so-draft:u1:article:a1')).toContain('Typed, not saved'));
    first.unmount();
    render(wrap(<Form itemKey="u1:article:a1" />));
    expect(screen.getByRole('heading', { name: 'Unsaved changes found' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Saved title');
    fireEvent.click(screen.getByRole('button', { name: 'Restore them' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Typed, not saved');
    expect(screen.queryByRole('heading', { name: 'Unsaved changes found' })).toBeNull();
  });

  it("another item's or user's draft is not offered", () => {
    localStorage.setItem('so-draft:u2:article:a1', JSON.stringify({ values: { title: 'x' }, savedAt: Date.now() }));
    render(wrap(<Form itemKey="u1:article:a1" />));
    expect(screen.queryByRole('heading', { name: 'Unsaved changes found' })).toBeNull();
  });
});
