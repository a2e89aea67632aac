// /contact: a message to the editorial team.
import { FormattedMessage } from 'react-intl';
import { ContactForm } from '../../components/contact-form';

export default function ContactView() {
  return (
    <div className="static-page">
      <h1>
        <FormattedMessage id="contact.title" />
      </h1>
      <p className="lead">
        <FormattedMessage id="contact.lead" />
      </p>
      <ContactForm kind="contact" />
    </div>
  );
}
