import { FormattedMessage } from 'react-intl';

export default function CategoriesView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="category.treeTitle" defaultMessage="Categories" />
      </h1>
    </section>
  );
}
