// The platform's read-model machinery as the parts see it: declare a read model (fold.ts), run it
// (fold-runtime.ts), or write a projection by hand (projection.ts).
export { foldEvents, foldWithLines, linesOf } from './fold';
export type { ReadModel, ReadModelAppend, ReadModelContext, ReadModelEffect } from './fold';
export { FoldProjection, idsIn, keyFrom, readModelProjection, requiredKeyFrom, rowFromTable, storableRow } from './fold-runtime';
export { insertRows, ReadModelProjection } from './projection';
export type { Projection } from './projection';
