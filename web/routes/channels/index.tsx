import { FormattedMessage } from 'react-intl';

export default function ChannelsView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="channel.listTitle" defaultMessage="Channels" />
      </h1>
    </section>
  );
}
