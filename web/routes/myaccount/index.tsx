// /myaccount: the editor workspace's Account section, the signed-in editor's or admin's own details
// (GET/PUT /users/{id}); the links to the other sections (Articles, Channels, ...) start here.
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccountForm, OwnAccount } from '#web/components/account-form';
import { useDocumentTitle, WorkspaceNav } from '#web/components/workspace/frame';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { ExportLinks } from '#web/components/export-links';
import { ApiTokensSection } from './api-tokens';
import { ConnectedClientsSection } from './connected-clients';
import { SessionsSection } from './sessions';

export default withMessages(WorkspaceMessages, AccountSection);

function AccountSection() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'account.title' }));

  return (
    <div className="static-page">
      <h1>
        <FormattedMessage id="account.title" />
      </h1>
      <WorkspaceNav current="account" />
      <OwnAccount>
        {(account) => (
          <>
            <dl className="facts">
              <dt>
                <FormattedMessage id="login.username" />
              </dt>
              <dd>{account.name}</dd>
              <dt>
                <FormattedMessage id="account.role" />
              </dt>
              <dd>
                <FormattedMessage id={`role.${account.role}`} />
              </dd>
            </dl>
            <AccountForm key={account.id} account={account} leaveMessage={intl.formatMessage({ id: 'ws.leave' })} />
            <SessionsSection userId={account.id} />
            <ApiTokensSection userId={account.id} isAdmin={account.role === 'ADMIN'} />
            <ConnectedClientsSection userId={account.id} />
          </>
        )}
      </OwnAccount>
      <ExportSection />
    </div>
  );
}

/** "Export my content": the caller's own content as one archive (GET /api/export, decision 036). */
function ExportSection() {
  const intl = useIntl();
  const titleId = useId();
  return (
    <section className="account-export" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id="ws.export.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="ws.export.intro" />
      </p>
      <ExportLinks
        scope="own"
        recordsLabel={intl.formatMessage({ id: 'ws.export.records' })}
        withFilesLabel={intl.formatMessage({ id: 'ws.export.withFiles' })}
      />
    </section>
  );
}
