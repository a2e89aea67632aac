// The authorization matrix (see authorization-matrix.test.ts): the public calls beside the content: contact, files,
// config, health, image options, the OpenAPI document, search, every route against every caller, each cell through
// the real fetch handler and held to the OpenAPI document.
import { describe } from 'vitest';
import { PUBLIC_ROWS } from './authorization-matrix/public';
import { matrixCells, setUpMatrix } from './authorization-matrix/kit';

setUpMatrix();

describe('authorization matrix: public', () => {
  matrixCells(PUBLIC_ROWS);
});
