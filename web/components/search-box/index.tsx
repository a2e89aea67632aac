// The header search: an ARIA 1.2 combobox with a type-ahead listbox (debounced POST /search/search).
// ↑/↓ move through the hits, Enter opens the active hit (or the results view when none is active), Esc closes.
// The editor workspace uses the same type-ahead to choose a news item's reference (`onChoose`).
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { SearchItem } from '#schema';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import Picture from '../picture';
import './search-box.css';
import { articlePath, categoryPath, channelPath } from '#web/paths';

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MIN_CHARS = 2;

/** Where a hit leads; hits without a kind go to the results view for their label. */
export function searchTarget(item: SearchItem): string {
  switch (item.kind) {
    case 'article':
      return articlePath({ id: item.value, slug: item.slug });
    case 'channel':
      return channelPath({ id: item.value, slug: item.slug });
    case 'category':
      return categoryPath({ id: item.value, slug: item.slug });
    default:
      return resultsPath(item.label);
  }
}

export const resultsPath = (text: string) => `/search?q=${encodeURIComponent(text.trim())}`;

export function KindLabel({ kind }: { kind: SearchItem['kind'] }) {
  const intl = useIntl();
  if (!kind) return null;
  const label = {
    article: intl.formatMessage({ id: 'search.kind.article', defaultMessage: 'Article' }),
    channel: intl.formatMessage({ id: 'search.kind.channel', defaultMessage: 'Channel' }),
    category: intl.formatMessage({ id: 'search.kind.category', defaultMessage: 'Category' }),
  }[kind];
  return <span className={`search-kind search-kind-${kind}`}>{label}</span>;
}

/** No hits: one array, so an empty answer is the same answer on every render. */
const NO_HITS: SearchItem[] = [];

export interface SearchBoxProps {
  /** Choosing a hit calls this instead of opening it (and Enter without a hit does nothing). */
  onChoose?: (item: SearchItem) => void;
  /** Only hits of these kinds are offered (a constant array: the offered list follows it). */
  kinds?: readonly NonNullable<SearchItem['kind']>[];
  /** The input's accessible name, when not the header's. */
  label?: string;
}

export default function SearchBox({ onChoose, kinds, label }: SearchBoxProps = {}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const listboxId = useId();
  const [text, setText] = useState('');
  // The header's box shows the query of the results page it led to (also after a reload or Back): the text
  // follows the address's ?q while on /search, adjusted while rendering as React recommends.
  const location = useLocation();
  const urlQuery =
    !onChoose && location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  const [followedQuery, setFollowedQuery] = useState<string | null>(null);
  if (urlQuery !== followedQuery) {
    setFollowedQuery(urlQuery);
    if (urlQuery !== null) setText(urlQuery);
  }
  // The text asked for: the typed one once it has rested for SEARCH_DEBOUNCE_MS and is long enough.
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  // The list on show: an answer stays while the next text's answer is on its way.
  const [shown, setShown] = useState({ items: NO_HITS, open: false, active: -1, announcement: '' });

  useEffect(() => {
    const wanted = text.trim();
    if (wanted.length < SEARCH_MIN_CHARS) return; // changeText has already cleared the query
    const timer = setTimeout(() => setQuery(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Through the data cache: the answer is the current text's own (an older text's answer never shows), and
  // the results view opened with Enter finds it there.
  // The API client loads with the first search, not with the header of every page.
  // The interface's language (the URL's) is the language the hits answer in.
  const { locale } = intl;
  const hits = useQuery(query ? keys.search(query, locale) : null, async () =>
    (await import('#web/api/search')).search(query, locale),
  );
  const offered = useMemo(
    () => (hits.data && kinds ? hits.data.filter((hit) => hit.kind !== null && kinds.includes(hit.kind)) : hits.data),
    [hits.data, kinds],
  );
  const answer =
    !query || hits.status === 'error' ? NO_HITS : hits.status === 'ok' ? (offered ?? NO_HITS) : shown.items;
  if (answer !== shown.items) {
    // A new answer replaces the list (state that follows a value is adjusted while rendering, as React
    // recommends): it opens when the box has focus, with no option active, and its size is announced.
    setShown({
      items: answer,
      open: focused,
      active: -1,
      announcement:
        answer === NO_HITS
          ? shown.announcement
          : intl.formatMessage(
              {
                id: 'search.hitCount',
                defaultMessage: '{count, plural, =0 {No results} one {# result} other {# results}}',
              },
              { count: answer.length },
            ),
    });
  }
  const { items, open, active, announcement } = shown;
  const setActive = (next: (active: number) => number) =>
    setShown((s) => ({ ...s, open: true, active: next(s.active) }));

  const close = () => setShown((s) => ({ ...s, open: false, active: -1 }));

  const changeText = (next: string) => {
    setText(next);
    if (next.trim().length < SEARCH_MIN_CHARS) setQuery('');
  };

  /** `keep`: the results page of the text, which the box goes on showing. */
  const go = (path: string, keep = false) => {
    close();
    if (!keep) changeText('');
    void navigate(path);
  };
  const choose = (item: SearchItem) => {
    if (!onChoose) return go(searchTarget(item));
    close();
    changeText('');
    onChoose(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setActive((i) => (!open || i < 0 ? 0 : (i + 1) % count));
        break;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setActive((i) => (!open || i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter': {
        event.preventDefault();
        const item = open && active >= 0 ? items[active] : undefined;
        if (item) choose(item);
        else if (text.trim() && !onChoose) go(resultsPath(text), true);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          changeText('');
        }
        break;
      default:
    }
  };

  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const expanded = open && items.length > 0;
  const box = (
    <>
      <input
        type="text"
        name={onChoose ? undefined : 'q'}
        role="combobox"
        className="search-input"
        aria-label={
          label ??
          intl.formatMessage({ id: 'search.label', defaultMessage: 'Search articles, channels and categories' })
        }
        placeholder={intl.formatMessage({ id: 'search.placeholder', defaultMessage: 'Search…' })}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => changeText(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          close();
        }}
      />
      <ul
        id={listboxId}
        role="listbox"
        className="search-options"
        hidden={!expanded}
        aria-label={intl.formatMessage({ id: 'search.suggestions', defaultMessage: 'Suggestions' })}
      >
        {items.map((item, index) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox input's (aria-activedescendant), as in the ARIA combobox pattern
          <li
            key={`${item.kind ?? 'none'}-${item.value}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="search-option"
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => setShown((s) => ({ ...s, active: index }))}
            onClick={() => choose(item)}
          >
            <Picture src={item.thumbnailHref} alt="" width={40} height={40} className="search-thumb" />
            <span className="search-option-label">{item.label}</span>
            <KindLabel kind={item.kind} />
          </li>
        ))}
      </ul>
      <span className="visually-hidden-screens" aria-live="polite">
        {announcement}
      </span>
    </>
  );
  // A chooser sits inside another form: no form of its own.
  if (onChoose) return <div className="search-box">{box}</div>;
  // The header's box is a GET form of /search?q=, which works before (or without) JavaScript; with it, Enter is
  // handled above and a submit that still comes (a browser's own) opens the same results page.
  return (
    <form
      className="search-box"
      role="search"
      action="/search"
      method="get"
      aria-label={intl.formatMessage({ id: 'search.region', defaultMessage: 'Site search' })}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) go(resultsPath(text), true);
      }}
    >
      {box}
    </form>
  );
}
