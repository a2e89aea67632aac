import { FormattedMessage } from 'react-intl';

export default function ArticleListView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="article.listTitle" defaultMessage="Articles" />
      </h1>
    </section>
  );
}
