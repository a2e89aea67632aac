// /appManagement/publications: publication requests by status, or those expiring within 7 days; approve, reject,
// and set or clear the expiry. The date-time field is in the browser's time zone, named beside it; the API stores
// UTC. Allowed status changes: docs/decisions/007-access-and-publications.md (the API answers 400 for others).
import { useId, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import type { publicationRequestListItem } from '#schema/entities';
import { PUBLICATION_STATUSES } from '#schema/enums';
import { shortTag } from '#schema/languages';
import { LIMITS } from '#schema/limits';
import type { PublicationStatus } from '#web/api/publications';
import {
  DateTime,
  FilterSelect,
  Section,
  timeZone,
  useAct,
  useBusy,
  useErrorText,
  SubmitCancel,
} from '../+shared/admin-kit';
import { useNotify } from '#web/components/notifications';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { DataTable, type Column } from '#web/components/screen-kit/data-table';
import { fromLocalInput, futureProblem, toLocalInput } from '#web/components/screen-kit/local-time';
import { useForm } from '#web/components/screen-kit/use-form';
import { setPublicationExpiry, setPublicationStatus, usePublicationRequests } from '#web/data/admin';
import { contentPath } from '#web/paths';

type Request = z.infer<typeof publicationRequestListItem>;
const SOON_DAYS = 7;

function ExpiryForm({ request, onDone }: { request: Request; onDone: () => void }) {
  const intl = useIntl();
  const act = useAct();
  const id = useId();
  const [initial] = useState(() => ({ expiry: request.expirationDate ? toLocalInput(request.expirationDate) : '' }));
  const form = useForm({ initial });
  const { ref: formElement } = form;
  const error = form.errors.expiry;

  async function submit() {
    const utc = fromLocalInput(form.values.expiry);
    // A past expiry would unpublish at the next run: said beside the field instead (Unpublish does that at once).
    const problem = !utc ? 'expiryRequired' : futureProblem(form.values.expiry, fromLocalInput) && 'expiryPast';
    if (!form.check(problem ? { expiry: intl.formatMessage({ id: `admin.publications.${problem}` }) } : {}) || !utc)
      return;
    const title = request.contentTitle;
    await form.send(async () => {
      const ok = await act(
        () => setPublicationExpiry(request.id, utc),
        intl.formatMessage({ id: 'admin.publications.expirySet' }, { title }),
      );
      if (ok) onDone();
    });
  }

  return (
    <form ref={formElement} className="admin-confirm" onSubmit={form.onSubmit(submit)} noValidate>
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor={id}>
          <FormattedMessage id="admin.publications.expiresAt" values={{ zone: timeZone() }} />
        </label>
        <input
          id={id}
          type="datetime-local"
          value={form.values.expiry}
          min={toLocalInput(new Date().toISOString())}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => form.set('expiry', e.target.value)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          <FormattedMessage id="admin.publications.utcHint" values={{ zone: timeZone() }} />
        </p>
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
      <SubmitCancel
        busy={form.busy}
        submitLabel={intl.formatMessage({ id: 'admin.publications.saveExpiry' })}
        onCancel={onDone}
        small
      />
    </form>
  );
}

/**
 * What a request asks to publish, as its actions and notices name it: the item's title, and for a request naming
 * translations (issue 29) their languages too ("Old bridge (translation: German)"), which an admin must see before
 * approving: the item itself is public already.
 */
function requestTitle(intl: IntlShape, request: Request): string {
  const title = request.contentTitle || intl.formatMessage({ id: 'admin.contentGone' });
  if (!request.languages?.length) return title;
  const languages = intl.formatList(
    request.languages.map((tag) => intl.formatDisplayName(shortTag(tag), { type: 'language' }) ?? tag),
  );
  return intl.formatMessage({ id: 'admin.publications.translationOf' }, { title, languages });
}

/** Approve, reject, set or clear the expiry, as the request's status allows. */
function RequestActions({ request, onEditExpiry }: { request: Request; onEditExpiry: () => void }) {
  const intl = useIntl();
  const act = useAct();
  const notify = useNotify();
  const errorText = useErrorText();
  const { busy, run } = useBusy();
  const title = requestTitle(intl, request);
  const open = request.status === 'PENDING' || request.status === 'APPROVED';
  const label = (id: string) => intl.formatMessage({ id }, { title });
  const [confirm, confirmDialog] = useConfirm();
  // Approve says what it did: published now, or (a wished start ahead) approved and online from that time.
  const approve = () =>
    void run('APPROVED', async () => {
      try {
        const { publishAt } = await setPublicationStatus(request, 'APPROVED');
        const scheduled = publishAt && Date.parse(publishAt) > Date.now();
        notify({
          kind: 'success',
          message: scheduled
            ? intl.formatMessage(
                { id: 'admin.publications.approvedScheduled' },
                { title, date: intl.formatDate(publishAt, { dateStyle: 'medium', timeStyle: 'short' }) },
              )
            : label('admin.publications.approved'),
        });
      } catch (err) {
        notify({ kind: 'error', message: errorText(err) });
      }
    });
  // Reject asks first, with an optional reason the editor sees and gets by mail; a refusal stays in the dialog.
  const reject = () =>
    void run('REJECTED', async () => {
      const done = await confirm({
        title: label('admin.publications.confirmReject'),
        message: label(
          request.status === 'APPROVED' ? 'admin.publications.rejectPublished' : 'admin.publications.rejectLead',
        ),
        confirmLabel: label('admin.publications.rejectOf'),
        field: {
          label: intl.formatMessage({ id: 'admin.publications.reason' }),
          hint: intl.formatMessage({ id: 'admin.publications.reasonHint' }),
          maxLength: LIMITS.teaser,
        },
        action: (reason) => setPublicationStatus(request, 'REJECTED', reason || null),
      });
      if (done) notify({ kind: 'success', message: label('admin.publications.rejected') });
    });
  const clear = () =>
    void run('clear', () =>
      act(() => setPublicationExpiry(request.id, null), label('admin.publications.expiryCleared')),
    );
  const button = (key: string, secondary: boolean, onClick: () => void, guarded = true) => (
    <button
      type="button"
      className={secondary ? 'button button-secondary button-small' : 'button button-small'}
      disabled={guarded && busy !== null}
      aria-label={label(`admin.publications.${key}Of`)}
      onClick={onClick}
    >
      <FormattedMessage id={`admin.publications.${key}`} />
    </button>
  );
  return (
    <div className="admin-actions">
      {request.status === 'PENDING' && button('approve', false, approve)}
      {open && button('reject', true, reject)}
      {open && button('setExpiry', true, onEditExpiry, false)}
      {open && request.expirationDate && button('clearExpiry', true, clear)}
      {confirmDialog}
    </div>
  );
}

function useColumns(onEditExpiry: (id: string) => void): Column<Request>[] {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      name: 'content',
      header: t('admin.content'),
      cell: (r) =>
        r.contentTitle ? (
          <Link to={contentPath(r.type, r.contentId)}>{requestTitle(intl, r)}</Link>
        ) : (
          <span className="muted">{t('admin.contentGone')}</span>
        ),
    },
    { name: 'type', header: t('admin.type'), cell: (r) => t(`admin.type.${r.type}`) },
    { name: 'owner', header: t('admin.owner'), cell: (r) => r.userName },
    { name: 'requested', header: t('admin.requestedAt'), cell: (r) => <DateTime value={r.createdAt} /> },
    {
      name: 'expiry',
      header: t('admin.publications.expiry'),
      cell: (r) =>
        r.expirationDate ? (
          <DateTime value={r.expirationDate} />
        ) : (
          <span className="muted">{t('admin.publications.noExpiry')}</span>
        ),
    },
    {
      name: 'status',
      header: t('admin.status'),
      cell: (r) => (
        <>
          <span className={`state state-${r.status.toLowerCase()}`}>{t(`admin.publication.${r.status}`)}</span>
          {r.publishAt && (r.status === 'PENDING' || r.status === 'APPROVED') && (
            <>
              {' '}
              <span className="muted">
                <FormattedMessage
                  id="admin.publications.scheduledFor"
                  values={{ date: <DateTime value={r.publishAt} /> }}
                />
              </span>
            </>
          )}
        </>
      ),
    },
    {
      name: 'actions',
      header: t('admin.actions'),
      cell: (r) => <RequestActions request={r} onEditExpiry={() => onEditExpiry(r.id)} />,
    },
  ];
}

export default function AdminPublicationsView() {
  const intl = useIntl();
  const [status, setStatus] = useState<PublicationStatus | ''>('PENDING');
  const [soon, setSoon] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const list = usePublicationRequests(status || undefined, soon ? SOON_DAYS : undefined);
  const columns = useColumns(setEditing);

  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.publications' })}
      lead={<FormattedMessage id="admin.publications.lead" />}
    >
      <div className="admin-filters">
        <FilterSelect<PublicationStatus>
          label={intl.formatMessage({ id: 'admin.status' })}
          value={status}
          onChange={setStatus}
          options={[
            ...PUBLICATION_STATUSES.map((s) => ({
              value: s,
              label: intl.formatMessage({ id: `admin.publication.${s}` }),
            })),
            { value: '' as const, label: intl.formatMessage({ id: 'admin.all' }) },
          ]}
        />
        <div className="field">
          <label>
            <input type="checkbox" checked={soon} onChange={(e) => setSoon(e.target.checked)} />{' '}
            <FormattedMessage id="admin.publications.expiresSoon" values={{ days: SOON_DAYS }} />
          </label>
        </div>
      </div>
      <DataTable
        data={list}
        columns={columns}
        label={intl.formatMessage({ id: 'admin.section.publications' })}
        empty={intl.formatMessage({ id: 'admin.publications.empty' })}
        detail={(r) => editing === r.id && <ExpiryForm request={r} onDone={() => setEditing(null)} />}
      />
    </Section>
  );
}
