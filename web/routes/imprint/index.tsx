// /imprint: who runs the portal (static text from the catalogues).
import { StaticPage } from '#web/components/static-page';

const SECTIONS = ['publisher', 'contact', 'responsible', 'liability', 'copyright', 'privacy'] as const;

export default function ImprintView() {
  return <StaticPage page="imprint" as="article" lead={false} topics={SECTIONS} textClassName="preserve-lines" />;
}
