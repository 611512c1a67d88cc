/** See keyed-cache.mjs. */
export function touch(dir: string): void;
export function settle(made: string, dir: string, entry: string, cache: string, kept?: number): void;
