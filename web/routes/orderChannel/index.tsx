// /orderChannel: asks for a channel of one's own on the portal.
import { FormattedMessage } from 'react-intl';
import { ContactForm } from '../../components/contact-form';

export default function OrderChannelView() {
  return (
    <div className="static-page">
      <h1>
        <FormattedMessage id="order.title" />
      </h1>
      <p className="lead">
        <FormattedMessage id="order.lead" />
      </p>
      <ul className="check-list">
        <li>
          <FormattedMessage id="order.point1" />
        </li>
        <li>
          <FormattedMessage id="order.point2" />
        </li>
        <li>
          <FormattedMessage id="order.point3" />
        </li>
      </ul>
      <ContactForm kind="orderChannel" />
    </div>
  );
}
