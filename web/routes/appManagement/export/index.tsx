// /appManagement/export: everyone's content as one ZIP archive (GET /api/export?scope=all, decision 036), the records
// alone or with the pictures and videos.
import { useIntl } from 'react-intl';
import { Section } from '../+shared/admin-kit';
import { ExportLinks } from '#web/components/export-links';

export default function AdminExportView() {
  const intl = useIntl();
  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.export' })}
      lead={intl.formatMessage({ id: 'admin.export.intro' })}
    >
      <ExportLinks
        scope="all"
        recordsLabel={intl.formatMessage({ id: 'admin.export.records' })}
        withFilesLabel={intl.formatMessage({ id: 'admin.export.withFiles' })}
      />
    </Section>
  );
}
