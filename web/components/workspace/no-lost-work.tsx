// What the workspace's content forms (article, channel, news item) share against lost work (decision 029): the
// draft kept in this browser per user and item and the offer to restore it, a save while offline that waits for
// the connection and goes again (and says so), and the conflict dialog of a stale save (409) with the choice to
// load theirs or save the form's over theirs; and the item a form started from, kept while it holds changes.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '#web/api/errors';
import { useSession } from '#web/session/session';
import type { Form } from '../screen-kit/use-form';
import { RestoreOffer, useAutosave, whenOnline } from './autosave';

/** The first pause before a save that got no answer is sent again, doubling up to the last. */
const RETRY_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** Resolves when the browser is back online, or (online but unanswered) after `pause`. */
const connectionBack = (pause: number) =>
  navigator.onLine ? new Promise<void>((resolve) => setTimeout(resolve, pause)) : whenOnline();
import { ConflictDialog } from './conflict-dialog';
import type { FieldTexts } from './diff-view';

/** The item as saved now, with the version a save over it names. */
export interface Saved<T> {
  item: T;
  version: number;
}

export interface NoLostWorkOptions<V extends object, T> {
  kind: 'article' | 'channel' | 'news' | 'category';
  /** The stored item's id; null for a new one (its draft is kept as `new`). */
  id: string | null;
  form: Form<V>;
  /** The values as they can be kept in the browser (files left out); a module-level function. */
  keep: (values: V) => V;
  /** The item the form started from, and the version its saves name. */
  started: T | null;
  version: number | undefined;
  /** Reads the item as saved now (after a 409). */
  current: () => Promise<Saved<T>>;
  /** The text fields of the item a conflict compares. */
  textsOf: (item: T) => FieldTexts[];
  /** Shows their saved item in the form (the form's changes are dropped). */
  load: (theirs: Saved<T>) => void | Promise<void>;
  /** Puts restored values into the form (default: setValues). */
  restore?: (values: V) => void;
  /**
   * Whether the form may save over `theirs` without asking: a newer version whose changes the form already shows
   * (a co-editing room's saves of the fields it shares, while the form is live in the room: decision 051).
   */
  takeIn?: (theirs: Saved<T>) => boolean;
}

/**
 * The stored item a form started from: what its saves are computed against and the version they name. A newer
 * read of the item (a refetch when the window gets the focus back, a media change answering the whole item with
 * someone else's save in it) takes its place only while the form holds no unsaved change; otherwise the form would
 * compare its values with theirs and name their version, and a save would put back what they changed without a
 * word. The form follows once it is clean again. A read of a version its own save made (`saved`: a version names
 * one saved state) it takes at once, whatever was typed meanwhile. Call `follow` with the form's `dirty` on every
 * render, after useForm.
 */
export function useStartedFrom<T extends { version: number }>(latest: T | null) {
  const [started, setStarted] = useState(latest);
  const own = useRef(new Set<number>());
  return {
    started,
    follow: (dirty: boolean) => {
      if (latest && started !== latest && (!dirty || own.current.has(latest.version))) setStarted(latest);
    },
    /** This form's save made `version` (a save naming version n makes n + 1). */
    saved: (version: number) => void own.current.add(version),
  };
}

/** A save to run again: without a version, the one the form started from; with one, over that version. */
export type Resubmit = (overVersion?: number) => unknown;

export function useNoLostWork<V extends object, T>(options: NoLostWorkOptions<V, T>) {
  const { kind, id, form, keep, started, version, current, textsOf, load, restore } = options;
  const intl = useIntl();
  const { user } = useSession();
  const kept = useMemo(() => keep(form.values), [keep, form.values]);
  const draft = useAutosave(user ? `${user.id}:${kind}:${id ?? 'new'}` : null, kept, form.dirty);
  const [conflict, setConflict] = useState<{ theirs: Saved<T>; resubmit: Resubmit } | null>(null);
  const [offline, setOffline] = useState(false);
  // One retry waits for the connection, however often Save is pressed meanwhile; its pause grows with each failure.
  const waiting = useRef(false);
  const retries = useRef(0);
  // A form left meanwhile sends nothing more: its draft is kept, and offered when it opens again.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  /**
   * A failed save: a stale one (409, and the item has a newer version) opens the conflict dialog; one that got no
   * answer (offline, or the server unreachable) waits for the connection and runs `resubmit`. True when handled.
   */
  async function failed(err: unknown, resubmit: Resubmit): Promise<boolean> {
    const lost = !navigator.onLine || (err instanceof ApiError && err.transport);
    if (!lost) setOffline(false);
    if (id && started && err instanceof ApiError && err.code === 409) {
      const theirs = await current().catch(() => null);
      // Another 409 (a taken name, a media conflict) is the form's alert as before.
      if (!theirs || theirs.version === version) return false;
      if (options.takeIn?.(theirs)) {
        // Awaited: the form stays busy (its Save disabled) until the save over theirs has answered.
        await resubmit(theirs.version);
        return true;
      }
      setConflict({ theirs, resubmit });
      return true;
    }
    if (lost) {
      setOffline(true);
      if (waiting.current) return true;
      waiting.current = true;
      // The form stays open meanwhile. Offline, the browser says when the connection is back; a request that got
      // no answer while the browser thinks it is online (the server unreachable) is tried again after a pause.
      const pause = Math.min(RETRY_MS * 2 ** retries.current++, RETRY_MAX_MS);
      void connectionBack(pause).then(() => {
        waiting.current = false;
        if (open.current) void resubmit();
      });
      return true;
    }
    return false;
  }

  const notices: ReactNode = (
    <>
      {draft.pending && (
        <RestoreOffer
          savedAt={draft.pending.savedAt}
          onRestore={() => {
            const values = keep({ ...form.values, ...draft.pending!.values });
            if (restore) restore(values);
            else form.setValues(values);
            draft.settle();
          }}
          onDiscard={() => draft.settle()}
        />
      )}
      {offline && (
        <p className="ws-offline" role="status">
          {intl.formatMessage({ id: 'rt.offline' })}
        </p>
      )}
    </>
  );

  let dialog: ReactNode = null;
  if (conflict && started) {
    const now = textsOf(conflict.theirs.item);
    dialog = (
      <ConflictDialog
        fields={textsOf(started).map((f, i) => ({ ...f, before: f.after, after: now[i]?.after ?? '' }))}
        onCancel={() => setConflict(null)}
        onReload={() => {
          draft.clear();
          setConflict(null);
          form.markSaved();
          void load(conflict.theirs);
        }}
        onOverwrite={() => {
          setConflict(null);
          void conflict.resubmit(conflict.theirs.version);
        }}
      />
    );
  }

  return {
    failed,
    /** After a save: the kept draft goes, and so does the notice of a lost connection. */
    saved: () => {
      draft.clear();
      retries.current = 0;
      setOffline(false);
    },
    /** The restore offer and the offline notice, above the form. */
    notices,
    /** The conflict dialog while a stale save waits for the editor's choice. */
    dialog,
    offline,
    draft,
  };
}
