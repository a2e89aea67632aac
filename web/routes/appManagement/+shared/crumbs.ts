// The admin workspace's trail: Home › App management › the section.
import type { CrumbDef } from '#web/navigation';
import { home, label } from '#web/routes/+shared/crumbs';

export const appManagementTrail = (key: string) => (): CrumbDef[] => [
  home,
  label('shell.crumb.appManagement', '/appManagement'),
  label(key),
];
