// A small, tolerant HTML reader for imported content (decision 046): text, elements with their attributes, and
// comments (WordPress's block markup lives in comments), as a tree. It never renders or stores HTML: the tree is only
// walked to build document nodes (html-to-document.ts). Unclosed and stray tags are forgiven, as a browser would.

export interface HtmlElement {
  kind: 'element';
  name: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export interface HtmlText {
  kind: 'text';
  text: string;
}
export interface HtmlComment {
  kind: 'comment';
  text: string;
}
export type HtmlNode = HtmlElement | HtmlText | HtmlComment;

/** Elements that never have content. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is raw text up to their end tag (never parsed as markup). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'template']);
/** A new one of these closes an open `p` (HTML's implied end tags, the cases content actually has). */
const CLOSES_P = new Set([
  'p',
  'div',
  'ul',
  'ol',
  'table',
  'blockquote',
  'pre',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'section',
]);
/** A new `li` closes the open one; a new `tr`/`td` likewise. */
const SELF_CLOSING_SIBLINGS: Record<string, string[]> = {
  li: ['li'],
  tr: ['tr', 'td', 'th'],
  td: ['td', 'th'],
  th: ['td', 'th'],
};

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  sbquo: '‚',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  times: '×',
  divide: '÷',
  bull: '•',
  middot: '·',
  shy: '\u00ad',
  deg: '°',
  sect: '§',
  para: '¶',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  aacute: 'á',
  ccedil: 'ç',
  ntilde: 'ñ',
  oacute: 'ó',
  iacute: 'í',
  uacute: 'ú',
  ecirc: 'ê',
  zwj: '\u200d',
  zwnj: '\u200c',
  thinsp: '\u2009',
  ensp: '\u2002',
  emsp: '\u2003',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  hearts: '♥',
  rarr: '→',
  larr: '←',
};

/** Named and numeric character references as text; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** The tree of `html`: a root element named `#root`. */
export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { kind: 'element', name: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  const closeTo = (name: string) => {
    for (let i = stack.length - 1; i > 0; i--) {
      if (stack[i]!.name === name) {
        stack.length = i;
        return;
      }
    }
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const end = lt === -1 ? html.length : lt;
    if (end > i) top().children.push({ kind: 'text', text: decodeEntities(html.slice(i, end)) });
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      const stop = close === -1 ? html.length : close;
      top().children.push({ kind: 'comment', text: html.slice(lt + 4, stop) });
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(html.slice(lt, lt + 4096));
    if (!tag) {
      // A `<` that opens no tag (`a < b`, `<!DOCTYPE`, `<?php`): a declaration is skipped, a lone `<` is text.
      if (/^<[!?]/.test(html.slice(lt, lt + 2))) {
        const close = html.indexOf('>', lt);
        i = close === -1 ? html.length : close + 1;
      } else {
        top().children.push({ kind: 'text', text: '<' });
        i = lt + 1;
      }
      continue;
    }
    i = lt + tag[0].length;
    const name = tag[2]!.toLowerCase();
    if (tag[1]) {
      if (name === 'p' && !stack.some((e) => e.name === 'p')) continue;
      closeTo(name);
      continue;
    }
    if (CLOSES_P.has(name) && top().name === 'p') stack.pop();
    const siblings = SELF_CLOSING_SIBLINGS[name];
    if (siblings && siblings.includes(top().name)) stack.pop();
    const element: HtmlElement = { kind: 'element', name, attrs: parseAttrs(tag[3] ?? ''), children: [] };
    top().children.push(element);
    if (VOID.has(name) || /\/\s*$/.test(tag[3] ?? '')) continue;
    if (RAW_TEXT.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, i);
      const stop = close === -1 ? html.length : close;
      element.children.push({ kind: 'text', text: html.slice(i, stop) });
      const gt = close === -1 ? -1 : html.indexOf('>', close);
      i = gt === -1 ? html.length : gt + 1;
      continue;
    }
    stack.push(element);
  }
  return root;
}

/** The text of a subtree, as written (whitespace kept). */
export function textOf(node: HtmlNode): string {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'comment') return '';
  return node.children.map(textOf).join('');
}
