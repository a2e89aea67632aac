// /imprint: who runs the portal (static text from the catalogues).
import { FormattedMessage } from 'react-intl';

const SECTIONS = ['publisher', 'contact', 'responsible', 'liability', 'copyright', 'privacy'] as const;

export default function ImprintView() {
  return (
    <article className="static-page">
      <h1>
        <FormattedMessage id="imprint.title" />
      </h1>
      {SECTIONS.map((s) => (
        <section key={s} aria-labelledby={`imprint-${s}`}>
          <h2 id={`imprint-${s}`}>
            <FormattedMessage id={`imprint.${s}.title`} />
          </h2>
          <p className="preserve-lines">
            <FormattedMessage id={`imprint.${s}.text`} />
          </p>
        </section>
      ))}
    </article>
  );
}
