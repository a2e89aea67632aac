// An article's or channel's publication in its edit form: its status badges and what visitors get of it;
// 'Request publication' with an optional wished start and expiry (in the editor's time zone, named beside the
// fields, checked there before anything is sent) while it is a draft with no open request; and 'Unpublish' while
// it is published: back to draft at once, after asking, recorded in the publication history.
import { lazy, Suspense, useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { ContentType } from '#schema/enums';
import type { WorkspaceTranslation } from '#schema/workspace';
import { unpublish } from '#web/api/publications';
import { write, type QueryKey } from '#web/data/cache';
import { TextField } from '../form';
import { useNotify } from '../notifications';
import { useConfirm } from '../screen-kit/confirm-dialog';
import { endOfLocalDay, fromLocalInput, futureProblem, timeZone, toLocalDay } from '../screen-kit/local-time';
import { useForm } from '../screen-kit/use-form';
import { errorText } from '../error-text';
import { StatusBadges, VisitorNote, type StatusFlags } from './status';
import { useAskPublication } from './ask-publication';
import { BusyButton } from '#web/components/screen-kit/busy-button';

// Asking for translations loads with the box's translations part (the forms' budgets, test/web/budget.test.ts).
const TranslationRequest = lazy(() =>
  import('../translations/translation-request').then((m) => ({ default: m.TranslationRequest })),
);

/** The end of the chosen day in the editor's time zone, as ISO; '' is no date. */
export const expiryOf = (day: string): string | null => endOfLocalDay(day);

/** What a publication change may alter: the editor's lists, the admin's queue, and every public view of it. */
const changedBy = (type: ContentType, contentId: string): QueryKey[] => [
  ['workspace'],
  ['admin'],
  [type, contentId],
  ['articles'],
  ['channels'],
  ['channel'],
  ['category'],
  ['news'],
  ['search'],
  ['user-channels'],
];

/** The workspace row of the content: its flags and publication, and its title (article) or name (channel). */
export type PublicationStatus = StatusFlags & {
  title?: string;
  name?: string;
  translations?: WorkspaceTranslation[] | undefined;
};

export function PublicationBox({
  contentId,
  type,
  status,
}: {
  contentId: string;
  type: ContentType;
  status: PublicationStatus | null;
}) {
  const id = useId();
  const pendingSince = status?.publication?.status === 'PENDING' ? status.publication.createdAt : null;
  return (
    <section className="ws-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="ws.publication.title" />
      </h2>
      {status && <StatusBadges row={status} />}
      {status?.published &&
        (status.visitorState ? (
          <VisitorNote state={status.visitorState} />
        ) : (
          <p className="muted">
            <FormattedMessage id="ws.publication.isPublished" />
          </p>
        ))}
      {pendingSince !== null && (
        <p className="muted">
          <FormattedMessage
            id="ws.publication.pending"
            values={{ date: <FormattedDate value={pendingSince} year="numeric" month="short" day="numeric" /> }}
          />
        </p>
      )}
      {status && !status.published && pendingSince === null && <RequestForm contentId={contentId} type={type} />}
      {status?.published && pendingSince === null && (
        <Suspense fallback={null}>
          <TranslationRequest contentId={contentId} type={type} translations={status.translations} />
        </Suspense>
      )}
      {status?.published && (
        <UnpublishButton contentId={contentId} type={type} name={status.title ?? status.name ?? ''} />
      )}
    </section>
  );
}

/** The wished start and expiry, and the request; the expiry must lie ahead, and the start before it. */
function RequestForm({ contentId, type }: { contentId: string; type: ContentType }) {
  const intl = useIntl();
  const [initial] = useState({ start: '', expiry: '' });
  const form = useForm({ initial });
  const askPublication = useAskPublication(form, initial);
  const { values, set, errors, ref: formElement } = form;
  const zone = timeZone();
  // Today still counts: the expiry is the end of the chosen day.
  const minDay = toLocalDay(new Date());

  /** The errors beside the fields (the server would refuse the same with a 400). */
  function problems() {
    const expiry = futureProblem(values.expiry, endOfLocalDay);
    const start = values.start ? fromLocalInput(values.start) : null;
    const end = endOfLocalDay(values.expiry);
    return {
      expiry: expiry && intl.formatMessage({ id: `ws.publication.expiry.${expiry}` }),
      start:
        values.start && !start
          ? intl.formatMessage({ id: 'ws.publication.startInvalid' })
          : start && end && !expiry && Date.parse(start) >= Date.parse(end)
            ? intl.formatMessage({ id: 'ws.publication.startAfterExpiry' })
            : undefined,
    };
  }

  async function ask() {
    const found = problems();
    if (
      !form.check({ ...(found.expiry ? { expiry: found.expiry } : {}), ...(found.start ? { start: found.start } : {}) })
    )
      return;
    // The editor's lists and, for an ADMIN asking for their own content, the admin workspace's queue.
    await askPublication(contentId, type, endOfLocalDay(values.expiry), fromLocalInput(values.start));
  }

  return (
    <form ref={formElement} className="ws-request" noValidate onSubmit={form.onSubmit(ask)}>
      <TextField
        label={intl.formatMessage({ id: 'ws.publication.start' }, { zone })}
        name="start"
        type="datetime-local"
        value={values.start}
        onChange={(e) => set('start', e.currentTarget.value)}
        hint={<FormattedMessage id="ws.publication.startHint" />}
        error={errors.start}
      />
      <TextField
        label={intl.formatMessage({ id: 'ws.publication.expiry' })}
        name="expiry"
        type="date"
        min={minDay}
        value={values.expiry}
        onChange={(e) => set('expiry', e.currentTarget.value)}
        hint={<FormattedMessage id="ws.publication.expiryHint" values={{ zone }} />}
        error={errors.expiry}
      />
      {form.alert && (
        <p className="field-error" role="alert">
          {form.alert}
        </p>
      )}
      <button type="submit" className="button" disabled={form.busy} aria-busy={form.busy}>
        <FormattedMessage id="ws.publication.request" />
      </button>
    </form>
  );
}

/** Unpublish, after asking: back to draft at once (public pages answer 404), listed as Unpublished. */
function UnpublishButton({ contentId, type, name }: { contentId: string; type: ContentType; name: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const [confirm, dialog] = useConfirm();
  const [busy, setBusy] = useState(false);

  async function run() {
    const ok = await confirm({
      title: intl.formatMessage({ id: 'ws.unpublish.title' }, { name }),
      message: intl.formatMessage({ id: `ws.unpublish.text.${type}` }),
      confirmLabel: intl.formatMessage({ id: 'ws.unpublish' }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await write(() => unpublish(contentId, type), { invalidate: changedBy(type, contentId) });
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.unpublish.done' }, { name }) });
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <p className="actions">
      <BusyButton className="button button-danger" busy={busy} onClick={run}>
        <FormattedMessage id="ws.unpublish" />
      </BusyButton>
      {dialog}
    </p>
  );
}
