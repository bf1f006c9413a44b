// Types of lib.mjs for the TypeScript that uses it (the benchmarks).
export const root: string;
export function run(command: string, args: string[], options?: object): void;
export function runAsync(command: string, args: string[], options?: object): Promise<number>;
export function ensureInstalled(): void;
/** Builds each workspace whose output is missing or older than its sources. */
export function ensureBuilt(): void;
