/** See keyed-cache.mjs. */
export function settle(made: string, dir: string, entry: string, cache: string, kept?: number): void;
