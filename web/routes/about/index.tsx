// /about: what the portal is (static text from the catalogues).
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

const SECTIONS = ['what', 'channels', 'mySO', 'editors'] as const;

export default function AboutView() {
  return (
    <article className="static-page">
      <h1>
        <FormattedMessage id="about.title" />
      </h1>
      <p className="lead">
        <FormattedMessage id="about.lead" />
      </p>
      {SECTIONS.map((s) => (
        <section key={s} aria-labelledby={`about-${s}`}>
          <h2 id={`about-${s}`}>
            <FormattedMessage id={`about.${s}.title`} />
          </h2>
          <p>
            <FormattedMessage id={`about.${s}.text`} />
          </p>
        </section>
      ))}
      <p className="actions">
        <Link className="button" to="/orderChannel">
          <FormattedMessage id="about.orderChannel" />
        </Link>
        <Link className="button button-secondary" to="/contact">
          <FormattedMessage id="about.contact" />
        </Link>
      </p>
    </article>
  );
}
