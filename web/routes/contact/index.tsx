// /contact: a message to the editorial team.
import { ContactForm } from '#web/components/contact-form';
import { StaticPage } from '#web/components/static-page';

export default function ContactView() {
  return (
    <StaticPage page="contact">
      <ContactForm kind="contact" />
    </StaticPage>
  );
}
