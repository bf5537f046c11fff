/**
 * The wake-up loop of a durable queue's worker (the delivery queue, the webhook outbox): one drain at a
 * time; a wake during a drain runs another right after it (what this instance just queued); an idle
 * worker drains again every `pollMs` (other instances' messages, retries, lapsed claims).
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly pollMs: number,
  ) {}

  /** Whether `stop` was called: a drain in progress ends after its batch. */
  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Drain now, or right after the drain in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Drains no more; resolves once the drain in progress has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
