import { FormattedMessage } from 'react-intl';

export default function ArticleView() {
  return (
    <section>
      <h1>
        <FormattedMessage id="article.title" defaultMessage="Article" />
      </h1>
    </section>
  );
}
