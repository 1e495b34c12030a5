/**
 * An open-addressing hash table keyed by one to three 32-bit integers (an edge's two vertices, a
 * triangle's three, a grid cell's coordinates), holding one integer per key. Typed arrays keep a
 * million-triangle model's tables compact and fast where a `Map` of string keys is neither.
 */
export class KeyTable {
  readonly #arity: number;
  readonly #keys: Int32Array;
  /** The value stored per slot; −1 marks an empty slot. */
  readonly values: Int32Array;
  readonly #mask: number;
  #size = 0;

  /** A table for up to `capacity` keys of `arity` integers. */
  constructor(arity: 1 | 2 | 3, capacity: number) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.#arity = arity;
    this.#keys = new Int32Array(slots * arity);
    this.values = new Int32Array(slots).fill(-1);
    this.#mask = slots - 1;
  }

  /** Keys stored. */
  get size(): number {
    return this.#size;
  }

  /**
   * The slot of key (a, b, c): found, or claimed for it when `insert` is true (its value is then
   * still −1 for the caller to set); −1 when absent and not inserted.
   */
  slot(a: number, b = 0, c = 0, insert = true): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    const n = this.#arity;
    for (let s = h & this.#mask; ; s = (s + 1) & this.#mask) {
      if (this.values[s] === -1) {
        if (!insert) return -1;
        this.#keys[s * n] = a;
        if (n > 1) this.#keys[s * n + 1] = b;
        if (n > 2) this.#keys[s * n + 2] = c;
        this.#size++;
        // Claimed: a value other than −1 must be set before the next insert probes past it.
        this.values[s] = -2;
        return s;
      }
      if (
        this.#keys[s * n] === a &&
        (n < 2 || this.#keys[s * n + 1] === b) &&
        (n < 3 || this.#keys[s * n + 2] === c)
      ) {
        return s;
      }
    }
  }
}
