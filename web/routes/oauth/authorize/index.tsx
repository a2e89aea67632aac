// /oauth/authorize: the consent page of an MCP client's OAuth sign-in (docs/decisions/045-mcp-server.md). The person
// is signed in (the guard), sees the client's name (self-asserted unless a domain vouches for it), where the access
// goes (a warning for an app on their own computer) and the scope, and allows or denies; the browser then goes back
// to the client. Everything shown came from the client: rendered as text, never as markup.
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useLocation } from 'react-router';
import type { OAuthConsent } from '#schema/oauth';
import { ApiError } from '#web/api/errors';
import { decideOAuth, describeOAuthConsent } from '#web/api/oauth';
import { errorText } from '#web/components/error-text';
import { useDocumentTitle } from '#web/components/workspace/frame';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { useQuery } from '#web/data/cache';

export default withMessages(WorkspaceMessages, Consent);

/**
 * A refused request (400: an unknown client, a redirect it did not register, no PKCE, an expired link) is said as
 * such, with what to do: the generic "check what you entered" would point at a form the person never filled in.
 */
function consentError(error: unknown, intl: IntlShape): string {
  return error instanceof ApiError && !error.transport && error.code === 400
    ? intl.formatMessage({ id: 'ws.oauth.invalid' })
    : errorText(error, intl);
}

function Consent() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'ws.oauth.title' }));
  const request = useLocation().search.replace(/^\?/, '');
  // Without a request (the page opened by hand) there is nothing to ask the server about.
  const query = useQuery(['oauth-consent', request], () =>
    request ? describeOAuthConsent(request) : Promise.reject(new ApiError(400, 'No authorization request')),
  );
  return (
    <div className="static-page">
      <h1>
        <FormattedMessage id="ws.oauth.title" />
      </h1>
      {query.status === 'error' ? (
        <p role="alert">{consentError(query.error, intl)}</p>
      ) : !query.data ? (
        <p className="page-loading" role="status" aria-busy="true" />
      ) : (
        <ConsentForm request={request} consent={query.data} />
      )}
    </div>
  );
}

function ConsentForm({ request, consent }: { request: string; consent: OAuthConsent }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function decide(allow: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      const { redirectTo } = await decideOAuth(request, allow);
      window.location.assign(redirectTo);
    } catch (err) {
      setFailure(consentError(err, intl));
      setBusy(false);
    }
  }
  return (
    <section className="panel" aria-label={intl.formatMessage({ id: 'ws.oauth.title' })}>
      <p>
        <FormattedMessage id="ws.oauth.asks" values={{ client: <strong>{consent.clientName}</strong> }} />
      </p>
      <p className="muted">
        {consent.clientDomain ? (
          <FormattedMessage id="ws.oauth.domain" values={{ domain: <strong>{consent.clientDomain}</strong> }} />
        ) : (
          <FormattedMessage id="ws.oauth.unverified" />
        )}
      </p>
      <p>
        <FormattedMessage id="ws.oauth.sentTo" values={{ host: <strong>{consent.redirectHost}</strong> }} />
      </p>
      {consent.redirectIsLoopback && (
        <p role="note">
          <strong>
            <FormattedMessage id="ws.oauth.loopback" />
          </strong>
        </p>
      )}
      <p>
        <FormattedMessage id="ws.oauth.scope" />{' '}
        <strong>
          <FormattedMessage id={`ws.oauth.scope.${consent.scope}`} />
        </strong>
      </p>
      <p className="muted">
        <FormattedMessage id="ws.oauth.recorded" />
      </p>
      {failure && <p role="alert">{failure}</p>}
      <div className="field-row">
        <button type="button" className="button" disabled={busy} onClick={() => void decide(true)}>
          <FormattedMessage id="ws.oauth.allow" />
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void decide(false)}>
          <FormattedMessage id="ws.oauth.deny" />
        </button>
      </div>
    </section>
  );
}
