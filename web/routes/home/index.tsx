import { FormattedMessage } from 'react-intl';

export default function HomeView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="home.title" defaultMessage="News" />
      </h1>
    </section>
  );
}
