/**
 * One-time download tickets for the browser host's drag-out. A drag carries its URL in the drag
 * data (`DownloadURL`, `text/uri-list`), which the page that receives the drop can read: so the URL
 * holds no credential of the page, only a ticket for one file, good for one download and a few
 * minutes. Whoever learns it gets that one file, once — what the user dragged — and nothing else.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../core/ports';

/** The file a ticket downloads. */
export interface TicketFile {
  readonly path: string;
  readonly name: string;
}

/** How long an unused ticket lasts. */
export const TICKET_MS = 10 * 60_000;
/** Tickets kept at most (each hover of a drag handle may mint one); the oldest go first. */
const MAX_TICKETS = 100;

/** Mints and redeems tickets. */
export class DownloadTickets {
  readonly #clock: Pick<Clock, 'now'>;
  readonly #tickets = new Map<string, TicketFile & { expires: number }>();

  constructor(clock: Pick<Clock, 'now'>) {
    this.#clock = clock;
  }

  /** A new ticket for `file`. */
  mint(file: TicketFile): string {
    const id = randomBytes(24).toString('base64url');
    this.#tickets.set(id, {
      path: file.path,
      name: file.name,
      expires: this.#clock.now() + TICKET_MS,
    });
    while (this.#tickets.size > MAX_TICKETS) {
      this.#tickets.delete(this.#tickets.keys().next().value!);
    }
    return id;
  }

  /** The ticket's file, once; undefined for an unknown, used or expired ticket. */
  redeem(id: string): TicketFile | undefined {
    const ticket = this.#tickets.get(id);
    this.#tickets.delete(id);
    if (!ticket || ticket.expires < this.#clock.now()) return undefined;
    return { path: ticket.path, name: ticket.name };
  }
}
