/** How long a graceful stop may take (requests in flight, messages being sent). */
const STOP_TIMEOUT_MS = 10_000;

export interface ShutdownOptions {
  timeoutMs?: number;
  exit?: (code: number) => void;
  warn?: (message: string) => void;
}

/**
 * The handler for SIGINT/SIGTERM: closes the server and exits 0. A second signal, or a close stuck on
 * a connection that never ends, exits 1 at once or after `timeoutMs`.
 */
export function gracefulShutdown(close: () => Promise<void>, options: ShutdownOptions = {}) {
  const { timeoutMs = STOP_TIMEOUT_MS, exit = (code) => process.exit(code) } = options;
  const warn =
    options.warn ?? ((message: string) => process.stderr.write(`open-passage-server: ${message}\n`));
  let stopping = false;
  return async (): Promise<void> => {
    if (stopping) return exit(1);
    stopping = true;
    const deadline = setTimeout(() => {
      warn(`not stopped after ${timeoutMs / 1000} s; exiting`);
      exit(1);
    }, timeoutMs);
    deadline.unref();
    await close();
    clearTimeout(deadline);
    exit(0);
  };
}
