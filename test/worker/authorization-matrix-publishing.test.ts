// The authorization matrix (see authorization-matrix.test.ts): channels, news, translations, publications, revisions
// and preview links, slugs, every route against every caller, each cell through the real fetch handler and held to
// the OpenAPI document.
import { describe } from 'vitest';
import { PUBLISHING_ROWS } from './authorization-matrix/publishing';
import { matrixCells, setUpMatrix } from './authorization-matrix/kit';

setUpMatrix();

describe('authorization matrix: publishing', () => {
  matrixCells(PUBLISHING_ROWS);
});
