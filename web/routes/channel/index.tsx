import { FormattedMessage } from 'react-intl';

export default function ChannelView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="channel.title" defaultMessage="Channel" />
      </h1>
    </section>
  );
}
