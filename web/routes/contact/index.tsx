// /contact: a message to the editorial team.
import { ContactForm } from '../../components/contact-form';
import { StaticPage } from '../../components/static-page';

export default function ContactView() {
  return (
    <StaticPage page="contact">
      <ContactForm kind="contact" />
    </StaticPage>
  );
}
