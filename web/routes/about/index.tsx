// /about: what the portal is (static text from the catalogues).
import { ActionLinks } from '#web/components/link-items';
import { StaticPage } from '#web/components/static-page';

const SECTIONS = ['what', 'channels', 'mySO', 'editors'] as const;

export default function AboutView() {
  return (
    <StaticPage page="about" as="article" topics={SECTIONS}>
      <ActionLinks
        links={[
          { to: '/orderChannel', label: 'about.orderChannel' },
          { to: '/contact', label: 'about.contact' },
        ]}
      />
    </StaticPage>
  );
}
