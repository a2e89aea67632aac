// /about: what the portal is (static text from the catalogues).
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { StaticPage } from '#web/components/static-page';

const SECTIONS = ['what', 'channels', 'mySO', 'editors'] as const;

export default function AboutView() {
  return (
    <StaticPage page="about" as="article" topics={SECTIONS}>
      <p className="actions">
        <Link className="button" to="/orderChannel">
          <FormattedMessage id="about.orderChannel" />
        </Link>
        <Link className="button button-secondary" to="/contact">
          <FormattedMessage id="about.contact" />
        </Link>
      </p>
    </StaticPage>
  );
}
