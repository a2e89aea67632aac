// The admin's imports in the data cache: one family, ['imports'], which starting or cancelling one invalidates.
import {
  cancelImport,
  getImport,
  listImports,
  retryImportMedia,
  startImport,
  startReviewedImport,
} from '../api/imports';
import { useQuery, write, type QueryKey } from './cache';

const IMPORTS: QueryKey = ['imports'];

export const useImports = () => useQuery(IMPORTS, listImports);
export const useImport = (id: string | null) => useQuery(id ? ['imports', id] : null, () => getImport(id!));

export const beginImport = (
  file: File,
  site = '',
  media: File | null = null,
  onProgress?: (sent: number, total: number) => void,
) => write(() => startImport(file, site, true, media, onProgress), { invalidate: [IMPORTS] });
export const stopImport = (id: string) => write(() => cancelImport(id), { invalidate: [IMPORTS] });
export const mapAuthorsAndStart = (id: string, authors: Record<string, string>) =>
  write(() => startReviewedImport(id, authors), { invalidate: [IMPORTS] });
export const fetchMissingAgain = (id: string) => write(() => retryImportMedia(id), { invalidate: [IMPORTS] });
