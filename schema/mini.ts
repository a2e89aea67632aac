// Shorthands for the shared schemas, which are written with zod/mini (the SPA's budget cannot afford
// classic zod): each builds exactly what the classic method chain in its comment builds.
import * as z from 'zod/mini';

/** `z.number().int()` */
export const int = () => z.number().check(z.int());
/** `z.number().int().nonnegative()` */
export const nonnegativeInt = () => z.number().check(z.int(), z.nonnegative());
