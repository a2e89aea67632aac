import { FormattedMessage } from 'react-intl';

export default function CategoryView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="category.title" defaultMessage="Category" />
      </h1>
    </section>
  );
}
