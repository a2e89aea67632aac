// What locked (restricted or private) content shows instead of its body: a request for access for
// signed-in readers (POST /userContent), a sign-in link for visitors.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { ContentType } from '#schema';
import { askForAccess, hasPendingRequest, refreshMyso, useMysoView } from '#web/data/myso';
import { useNotify } from '../notifications';
import { errorCode } from '../view-state';
import { errorText } from '../error-text';
import { useSession } from '#web/session/session';
import './request-access.css';

type Props = {
  contentId: string;
  contentType: ContentType;
  title: string;
  /**
   * The server's word that the reader's request waits (an article's `accessRequested`: asked for the article or
   * for its channel, which mySO's list would not match with this article).
   */
  requested?: boolean;
};

export default function RequestAccess({ contentId, contentType, title, requested = false }: Props) {
  const intl = useIntl();
  const notify = useNotify();
  const location = useLocation();
  const { user, ready } = useSession();
  const myso = useMysoView();
  // Asked from this page (or the server already had a request, 409): pending even before the shared view says so.
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = asked || requested || hasPendingRequest(myso.data, contentId);

  const ask = async () => {
    if (!user) return;
    setBusy(true);
    try {
      await askForAccess({ contentId, contentType, contentTitle: title, userName: user.name });
      setAsked(true);
      notify({
        kind: 'success',
        message: intl.formatMessage({
          id: 'media.access.requested',
          defaultMessage: 'Your request for access has been sent.',
        }),
      });
    } catch (error) {
      if (errorCode(error) === 409) {
        setAsked(true);
        void refreshMyso();
        notify({
          kind: 'error',
          message: intl.formatMessage({
            id: 'media.access.duplicate',
            defaultMessage: 'You have already asked for access to this content.',
          }),
        });
      } else {
        notify({ kind: 'error', message: errorText(error, intl) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="locked" aria-labelledby={`locked-${contentId}`}>
      <h2 id={`locked-${contentId}`} className="locked-title">
        {contentType === 'article' ? (
          <FormattedMessage id="media.locked.article" defaultMessage="This article is restricted" />
        ) : (
          <FormattedMessage id="media.locked.channel" defaultMessage="This channel is restricted" />
        )}
      </h2>
      {!ready ? null : user ? (
        pending ? (
          <p className="locked-note">
            <FormattedMessage
              id="media.access.pending"
              defaultMessage="Your request for access is waiting for approval."
            />
          </p>
        ) : (
          <>
            <p className="locked-note">
              <FormattedMessage id="media.access.explain" defaultMessage="Ask for access to see all of it." />
            </p>
            <button type="button" className="button-primary" disabled={busy} onClick={() => void ask()}>
              <FormattedMessage id="media.access.request" defaultMessage="Request access" />
            </button>
          </>
        )
      ) : (
        <p className="locked-note">
          <FormattedMessage id="media.access.signInFirst" defaultMessage="Sign in to ask for access." />{' '}
          <Link to="/login" state={{ from: location.pathname + location.search }} className="button-primary">
            <FormattedMessage id="media.access.signIn" defaultMessage="Sign in" />
          </Link>
        </p>
      )}
    </aside>
  );
}
