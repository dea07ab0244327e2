// The sockets of a function's process, named alike by the backend and by the process's bootstrap (this module runs in
// Node and in Deno).

/** Where a function's process serves WebSocket upgrades: a second socket beside the one requests cross. */
export const upgradeSocketPath = (socketPath: string): string => `${socketPath}.upgrade`;
