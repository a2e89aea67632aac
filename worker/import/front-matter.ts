// The YAML front matter of a Markdown file (decision 050): the small part of YAML that front matter uses, read by
// hand so that no YAML library (and none of its tags, anchors or aliases) comes into the worker: `key: value`
// scalars (plain, single or double quoted), `[a, b]` lists and `- item` lists under a key. Anything else is ignored.

export type FrontMatterValue = string | boolean | string[];

export interface Split {
  data: Record<string, FrontMatterValue>;
  body: string;
  /** The line where the body starts (1 when there is no front matter). */
  bodyLine: number;
}

function scalar(raw: string): string {
  const v = raw.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replaceAll("''", "'");
  return v.replace(/\s+#.*$/, '');
}

function value(raw: string): FrontMatterValue {
  const v = raw.trim();
  if (v.startsWith('[') && v.endsWith(']'))
    return v
      .slice(1, -1)
      .split(',')
      .map(scalar)
      .filter((s) => s !== '');
  if (/^(true|yes)$/i.test(v)) return true;
  if (/^(false|no)$/i.test(v)) return false;
  return scalar(v);
}

/** The front matter (between `---` lines at the very start) and the body after it. */
export function splitFrontMatter(text: string): Split {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(source);
  if (!match) return { data: {}, body: source, bodyLine: 1 };
  const data: Record<string, FrontMatterValue> = {};
  let listKey: string | null = null;
  for (const line of match[1]!.split('\n')) {
    const item = /^\s+-\s+(.*)$|^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      const list = data[listKey];
      data[listKey] = [...(Array.isArray(list) ? list : []), scalar(item[1] ?? item[2] ?? '')];
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) continue;
    const key = pair[1]!.toLowerCase();
    if (pair[2]!.trim() === '') {
      listKey = key;
      data[key] = [];
    } else {
      listKey = null;
      data[key] = value(pair[2]!);
    }
  }
  return {
    data,
    body: source.slice(match[0].length),
    bodyLine: match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0) + 1,
  };
}

/** A front matter value as a list of names: a list, or a comma-separated string. */
export function namesOf(v: FrontMatterValue | undefined): string[] {
  if (Array.isArray(v)) return v.map((s) => s.trim()).filter(Boolean);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}
