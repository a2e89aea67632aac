// The authorization matrix (see authorization-matrix.test.ts): readers' and accounts' calls: mySO, sessions, user
// content, API tokens, OAuth grants, users, every route against every caller, each cell through the real fetch
// handler and held to the OpenAPI document.
import { describe } from 'vitest';
import { ACCOUNTS_ROWS } from './authorization-matrix/accounts';
import { matrixCells, setUpMatrix } from './authorization-matrix/kit';

setUpMatrix();

describe('authorization matrix: accounts', () => {
  matrixCells(ACCOUNTS_ROWS);
});
