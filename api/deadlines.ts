// One timer for the total deadlines of every attempt in flight. A setTimeout and clearTimeout per
// request cost about 4% of a small call on loopback (more than the client's own checks); here an
// attempt only takes a place in a list and marks it left, and the timer is armed again only when it
// fires. (A Map or Set costs more: emptied after each call, V8 shrinks and regrows its table.)

/** Something to stop when its deadline passes. */
export interface Expiring {
  expire(): void;
}

/** An attempt's place in the list; `left` once it ended, so the timer skips it. */
export interface Deadline {
  readonly what: Expiring;
  readonly at: number;
  left: boolean;
}

/** Places left behind before the list is compacted, beyond twice those still waiting. */
const SLACK = 64;

export class Deadlines {
  private pending: Deadline[] = [];
  private waiting = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;

  /** Calls `what.expire()` once `ms` have passed, unless the returned place is {@link leave}n first. */
  add(what: Expiring, ms: number): Deadline {
    const place: Deadline = { what, at: Date.now() + ms, left: false };
    if (this.pending.length > SLACK && this.pending.length > 2 * this.waiting) {
      this.pending = this.pending.filter((d) => !d.left);
    }
    this.pending.push(place);
    this.waiting++;
    if (place.at < this.timerAt) this.arm(ms);
    return place;
  }

  leave(place: Deadline): void {
    if (place.left) return;
    place.left = true;
    this.waiting--;
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
    const due = this.pending.filter((d) => !d.left && d.at <= now);
    this.pending = this.pending.filter((d) => !d.left && d.at > now);
    for (const d of due) this.leave(d);
    let next = Infinity;
    for (const d of this.pending) next = Math.min(next, d.at);
    if (next !== Infinity) this.arm(next - now);
    for (const d of due) d.what.expire();
  }
}
