// One timer for the total deadlines of every attempt in flight. A setTimeout and clearTimeout per
// request cost about 4% of a small call on loopback (more than the client's own checks); here an
// attempt only enters and leaves a set, and the timer is armed again only when it fires.

/** Something to stop when its deadline passes. */
export interface Expiring {
  expire(): void;
}

export class Deadlines {
  private readonly pending = new Map<Expiring, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;

  /** Calls `what.expire()` once `ms` have passed, unless {@link remove} came first. */
  add(what: Expiring, ms: number): void {
    const at = Date.now() + ms;
    this.pending.set(what, at);
    if (at < this.timerAt) this.arm(ms);
  }

  remove(what: Expiring): void {
    this.pending.delete(what);
  }

  // Unreferenced: an attempt in flight keeps the process alive through its socket, and a timer left
  // armed after the last attempt ended must not.
  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timerAt = Date.now() + ms;
    this.timer = setTimeout(() => this.fire(), ms);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const [what, at] of this.pending) {
      if (at <= now) {
        this.pending.delete(what);
        what.expire();
      } else next = Math.min(next, at);
    }
    if (next !== Infinity && next < this.timerAt) this.arm(next - now);
  }
}
