// Preview links of an item for reviewers without an account (decision 029): made with an expiry (7 days unless
// chosen), listed, copied, revoked.
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PreviewLink } from '#schema/entities';
import { PREVIEW_DAYS } from '#schema/requests';
import { createPreviewLink, listPreviewLinks, previewUrl, revokePreviewLink } from '#web/api/previews';
import type { RevisionKind } from '#web/api/revisions';
import { useNotify } from '../notifications';
import { errorText } from '../error-text';

export function PreviewLinksBox({ type, id }: { type: RevisionKind; id: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const daysId = useId();
  const [days, setDays] = useState<number>(PREVIEW_DAYS.default);
  const [links, setLinks] = useState<PreviewLink[]>([]);
  // The moment of the last load: links that expired before it are not listed.
  const [loadedAt, setLoadedAt] = useState(0);
  // Tokens are shown once, when made: kept here for this visit so they can be copied.
  const [tokens, setTokens] = useState<Record<string, string>>({});
  const reload = () =>
    listPreviewLinks(type, id).then(
      (list) => {
        setLinks(list);
        setLoadedAt(Date.now());
      },
      () => {
        /* the box stays as it was */
      },
    );
  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per item
  }, [type, id]);
  const create = async () => {
    try {
      const link = await createPreviewLink(type, id, days);
      setTokens((t) => ({ ...t, [link.id]: link.token! }));
      notify({ kind: 'success', message: intl.formatMessage({ id: 'rt.linkCreated' }) });
      await reload();
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    }
  };
  const revoke = async (link: PreviewLink) => {
    try {
      await revokePreviewLink(link.id);
      await reload();
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    }
  };
  const live = links.filter((l) => !l.revokedAt && Date.parse(l.expiresAt) > loadedAt);
  return (
    <section className="ws-box" aria-labelledby={`${daysId}-title`}>
      <h2 id={`${daysId}-title`}>
        <FormattedMessage id="rt.previewLinks" />
      </h2>
      <p>
        <FormattedMessage id="rt.previewLinksHint" />
      </p>
      <p className="field-row">
        <label htmlFor={daysId}>{intl.formatMessage({ id: 'rt.expiryDays' })}</label>
        <input
          id={daysId}
          type="number"
          min={1}
          max={PREVIEW_DAYS.max}
          value={days}
          onChange={(e) => setDays(Math.min(PREVIEW_DAYS.max, Math.max(1, Number(e.currentTarget.value) || 1)))}
        />
        <button type="button" className="button button-secondary" onClick={() => void create()}>
          <FormattedMessage id="rt.createLink" />
        </button>
      </p>
      <ul>
        {live.map((link) => {
          const token = tokens[link.id];
          const expires = intl.formatMessage(
            { id: 'rt.linkExpires' },
            { time: intl.formatDate(link.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) },
          );
          return (
            <li key={link.id}>
              {token ? (
                <input
                  readOnly
                  aria-label={expires}
                  value={previewUrl(token)}
                  onFocus={(e) => e.currentTarget.select()}
                />
              ) : (
                <span>{expires}</span>
              )}
              {token && (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(previewUrl(token))
                      .then(() => notify({ kind: 'success', message: intl.formatMessage({ id: 'rt.linkCopied' }) }))
                  }
                >
                  <FormattedMessage id="rt.copyLink" />
                </button>
              )}
              <button type="button" className="button button-danger" onClick={() => void revoke(link)}>
                <FormattedMessage id="rt.revoke" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
