import { FormattedMessage } from 'react-intl';

export default function SearchView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="search.title" defaultMessage="Search" />
      </h1>
    </section>
  );
}
