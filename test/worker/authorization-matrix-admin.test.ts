// The authorization matrix (see authorization-matrix.test.ts): the workspaces' and the admin's calls: admin
// workspace, export, uploads, workspace lists, webhooks, imports, every route against every caller, each cell through
// the real fetch handler and held to the OpenAPI document.
import { describe } from 'vitest';
import { ADMIN_ROWS } from './authorization-matrix/admin';
import { matrixCells, setUpMatrix } from './authorization-matrix/kit';

setUpMatrix();

describe('authorization matrix: admin', () => {
  matrixCells(ADMIN_ROWS);
});
