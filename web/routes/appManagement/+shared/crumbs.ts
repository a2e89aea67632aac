// The admin workspace's trail: Home › App management › the section.
import type { CrumbDef } from '../../../navigation';
import { home, label } from '../../+shared/crumbs';

export const appManagementTrail = (key: string) => (): CrumbDef[] => [
  home,
  label('shell.crumb.appManagement', '/appManagement'),
  label(key),
];
