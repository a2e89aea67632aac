// /orderChannel: asks for a channel of one's own on the portal.
import { FormattedMessage } from 'react-intl';
import { ContactForm } from '#web/components/contact-form';
import { StaticPage } from '#web/components/static-page';

const POINTS = ['point1', 'point2', 'point3'] as const;

export default function OrderChannelView() {
  return (
    <StaticPage page="order">
      <ul className="check-list">
        {POINTS.map((point) => (
          <li key={point}>
            <FormattedMessage id={`order.${point}`} />
          </li>
        ))}
      </ul>
      <ContactForm kind="orderChannel" />
    </StaticPage>
  );
}
