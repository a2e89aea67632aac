// A Ghost post without `html` (an export made without it): its Lexical or mobiledoc content as plain HTML, which then
// goes the one way every imported text goes (htmlToDocument). Only what carries text or a picture is read; anything
// else is named by the caller's notes through htmlToDocument's own (unknown nodes are left out).

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

type LexicalNode = { type?: string; tag?: string; listType?: string; text?: string; format?: number; url?: string } & {
  children?: LexicalNode[];
  src?: string;
  altText?: string;
  caption?: string;
  code?: string;
  markdown?: string;
  html?: string;
};

function lexicalNode(node: LexicalNode): string {
  const inner = () => (node.children ?? []).map(lexicalNode).join('');
  switch (node.type) {
    case 'text':
    case 'extended-text': {
      let text = escape(node.text ?? '');
      const format = node.format ?? 0;
      if (format & 16) text = `<code>${text}</code>`;
      if (format & 2) text = `<em>${text}</em>`;
      if (format & 1) text = `<strong>${text}</strong>`;
      return text;
    }
    case 'linebreak':
      return '<br>';
    case 'link':
      return `<a href="${escape(node.url ?? '')}">${inner()}</a>`;
    case 'heading':
    case 'extended-heading':
      return `<${/^h[1-6]$/.test(node.tag ?? '') ? node.tag : 'h2'}>${inner()}</${/^h[1-6]$/.test(node.tag ?? '') ? node.tag : 'h2'}>`;
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `<blockquote>${inner()}</blockquote>`;
    case 'list':
      return node.listType === 'number' ? `<ol>${inner()}</ol>` : `<ul>${inner()}</ul>`;
    case 'listitem':
      return `<li>${inner()}</li>`;
    case 'horizontalrule':
      return '<hr>';
    case 'image':
      return `<figure><img src="${escape(node.src ?? '')}" alt="${escape(node.altText ?? '')}"><figcaption>${escape(
        (node.caption ?? '').replace(/<[^>]*>/g, ''),
      )}</figcaption></figure>`;
    case 'codeblock':
      return `<pre><code>${escape(node.code ?? '')}</code></pre>`;
    case 'html':
      return node.html ?? '';
    case 'paragraph':
      return `<p>${inner()}</p>`;
    default:
      return node.children ? `<div>${inner()}</div>` : '';
  }
}

/** Ghost 5's Lexical JSON (a string) as HTML; '' when it cannot be read. */
export function lexicalToHtml(lexical: string): string {
  try {
    const root = (JSON.parse(lexical) as { root?: LexicalNode }).root;
    return (root?.children ?? []).map(lexicalNode).join('\n');
  } catch {
    return '';
  }
}

type Mobiledoc = {
  markups?: [string, string[]?][];
  cards?: [string, Record<string, string>][];
  sections?: unknown[][];
};

/**
 * Ghost 4's mobiledoc JSON (a string) as HTML. A post that is one or more Markdown cards only (the common case of
 * older Ghost) comes back as `markdown`, read by the Markdown converter; a Markdown card among other sections is
 * kept as its paragraphs of text.
 */
export function mobiledocToHtml(mobiledoc: string): { html: string; markdown: string | null } {
  let doc: Mobiledoc;
  try {
    doc = JSON.parse(mobiledoc) as Mobiledoc;
  } catch {
    return { html: '', markdown: null };
  }
  const markups = doc.markups ?? [];
  const cards = doc.cards ?? [];
  const html: string[] = [];
  const markdown: string[] = [];
  const markers = (list: unknown[]) => {
    let out = '';
    const open: string[] = [];
    for (const m of list as [number, number[], number, string][]) {
      for (const i of m[1] ?? []) {
        const [tag, attrs = []] = markups[i] ?? ['span'];
        const safe = /^(a|b|strong|em|i|code|s|u|sub|sup)$/.test(tag) ? tag : 'span';
        const href = safe === 'a' ? attrs[attrs.indexOf('href') + 1] : undefined;
        out += href ? `<a href="${escape(href)}">` : `<${safe}>`;
        open.push(safe);
      }
      out += escape(String(m[3] ?? ''));
      for (let n = 0; n < (m[2] ?? 0); n++) out += `</${open.pop() ?? 'span'}>`;
    }
    return (
      out +
      open
        .reverse()
        .map((t) => `</${t}>`)
        .join('')
    );
  };
  for (const section of doc.sections ?? []) {
    const [type, a, b] = section as [number, unknown, unknown];
    if (type === 1) {
      const tag = /^(p|h[1-6]|blockquote|aside)$/.test(String(a)) ? String(a).replace('aside', 'blockquote') : 'p';
      html.push(`<${tag}>${markers((b as unknown[]) ?? [])}</${tag}>`);
    } else if (type === 3) {
      const items = ((b as unknown[][]) ?? []).map((item) => `<li>${markers(item)}</li>`).join('');
      html.push(a === 'ol' ? `<ol>${items}</ol>` : `<ul>${items}</ul>`);
    } else if (type === 2) html.push(`<img src="${escape(String(a))}">`);
    else if (type === 10) {
      const [name, payload = {}] = cards[Number(a)] ?? ['', {}];
      if (name === 'markdown' || name === 'card-markdown') {
        markdown.push(payload.markdown ?? '');
        for (const para of (payload.markdown ?? '').split(/\n\s*\n/)) html.push(`<p>${escape(para)}</p>`);
      } else if (name === 'image')
        html.push(
          `<figure><img src="${escape(payload.src ?? '')}" alt="${escape(payload.alt ?? '')}"><figcaption>${escape(
            (payload.caption ?? '').replace(/<[^>]*>/g, ''),
          )}</figcaption></figure>`,
        );
      else if (name === 'hr') html.push('<hr>');
      else if (name === 'code') html.push(`<pre><code>${escape(payload.code ?? '')}</code></pre>`);
      else if (name === 'html') html.push(payload.html ?? '');
    }
  }
  const onlyMarkdown = markdown.length > 0 && markdown.length === (doc.sections ?? []).length;
  return { html: html.join('\n'), markdown: onlyMarkdown ? markdown.join('\n\n') : null };
}
