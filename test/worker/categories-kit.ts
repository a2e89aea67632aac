// Shared helpers of the category route tests (categories*.test.ts).
import { as } from './helpers';

export const admin = () => as('ADMIN');
