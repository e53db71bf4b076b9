/** Node flags the server runs with (npm start, the Dockerfile, the end-to-end tests, the bench). */
export const serverNodeFlags: string[];
/** Environment variables the server runs with unless the environment sets them (malloc tuning). */
export const serverEnv: Record<string, string>;
/** The compiled entry point `name` (main, worker-main, cli) under root/dist. */
export function serverEntry(root: string, name: 'main' | 'worker-main' | 'cli'): string;
/** Builds the server (and the console unless withConsole is false) when missing or older than its sources. */
export function ensureBuilt(root: string, options?: { withConsole?: boolean }): Promise<void>;
