// The authorization matrix (see authorization-matrix.test.ts): articles and their media, authors and categories,
// every route against every caller, each cell through the real fetch handler and held to the OpenAPI document.
import { describe } from 'vitest';
import { CONTENT_ROWS } from './authorization-matrix/content';
import { matrixCells, setUpMatrix } from './authorization-matrix/kit';

setUpMatrix();

describe('authorization matrix: content', () => {
  matrixCells(CONTENT_ROWS);
});
