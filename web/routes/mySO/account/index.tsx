// /mySO/account: every signed-in user's own account (GET/PUT /users/{id}): name, e-mail, names, the language of
// the mails, a new password (web/components/account-form.tsx), and Delete my account (./delete-account.tsx,
// docs/decisions/031).
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccountForm, OwnAccount } from '#web/components/account-form';
import { AccountMessages } from '#web/components/account-messages';
import { withMessages } from '#web/components/catalogue-overlay';
import { pageTitle } from '#web/components/page-title';
import { DeleteAccount } from './delete-account';
import { MysoNav } from '../+shared/myso-nav';

export default withMessages(AccountMessages, AccountView);

function AccountView() {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const before = document.title;
    document.title = pageTitle(intl.formatMessage({ id: 'myso.account.title' }));
    return () => {
      document.title = before;
    };
  }, [intl]);

  return (
    <div className="static-page myso-account">
      <h1 ref={heading} tabIndex={-1}>
        <FormattedMessage id="myso.account.title" />
      </h1>
      <MysoNav />
      <OwnAccount>
        {(account) => (
          <>
            <section aria-labelledby="myso-account-details" className="myso-section">
              <h2 id="myso-account-details">
                <FormattedMessage id="myso.account.details" />
              </h2>
              <AccountForm key={account.id} account={account} withName withLocale />
            </section>
            <DeleteAccount account={account} />
          </>
        )}
      </OwnAccount>
    </div>
  );
}
