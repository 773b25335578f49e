/**
 * Counts of hashed features in an open-addressing table that is reused between texts (an epoch stamp marks the
 * live slots, so nothing is cleared). A Map<number, number> was the embedder's main cost.
 */
export class FeatureCounter {
  private bits = 12;
  private keys = new Uint32Array(1 << this.bits);
  private vals = new Float64Array(1 << this.bits);
  private stamps = new Uint32Array(1 << this.bits);
  private slots = new Int32Array(1 << (this.bits - 1));
  private epoch = 1;
  size = 0;

  reset(): void {
    this.epoch = (this.epoch + 1) >>> 0 || 1;
    if (this.epoch === 1) this.stamps.fill(0);
    this.size = 0;
  }

  add(key: number, w: number): void {
    if (this.size >= 1 << (this.bits - 1)) this.grow();
    const mask = (1 << this.bits) - 1;
    let i = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
    while (this.stamps[i] === this.epoch) {
      if (this.keys[i] === key) {
        this.vals[i]! += w;
        return;
      }
      i = (i + 1) & mask;
    }
    this.stamps[i] = this.epoch;
    this.keys[i] = key;
    this.vals[i] = w;
    this.slots[this.size++] = i;
  }

  /** Visit every (key, count) added since the last reset. */
  forEach(f: (key: number, count: number) => void): void {
    for (let n = 0; n < this.size; n++) {
      const i = this.slots[n]!;
      f(this.keys[i]!, this.vals[i]!);
    }
  }

  private grow(): void {
    const old = { keys: this.keys, vals: this.vals, slots: this.slots.slice(0, this.size) };
    this.bits++;
    this.keys = new Uint32Array(1 << this.bits);
    this.vals = new Float64Array(1 << this.bits);
    this.stamps = new Uint32Array(1 << this.bits);
    this.slots = new Int32Array(1 << (this.bits - 1));
    this.epoch = 1;
    this.size = 0;
    for (const i of old.slots) this.add(old.keys[i]!, old.vals[i]!);
  }
}
