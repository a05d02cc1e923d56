/**
 * The in-process side of a registration rush (decision 008, "Registration rush"). Per database handle:
 *
 * - a queue per class session in front of the locked reservation transaction, so this process sends one
 *   transaction at a time to wait on the session row lock (decision 006) instead of parking the whole
 *   connection pool on it while other requests' unlocked reads wait for a connection;
 * - the seats left as last seen under that lock, each observation stamped with a process-wide sequence number.
 *   A request takes a ticket before its unlocked precheck; when its turn comes, an observation made *after*
 *   that ticket is newer than what the precheck saw, so a request the observation says is short of seats is
 *   refused without a transaction. An observation older than the ticket is ignored (the precheck is newer),
 *   so a signal can never outlive the requests that were already in flight when it was made. Any seat
 *   release in this process (`seatsMayHaveFreed`) drops the observations; a release in another process is
 *   covered as decision 006 covers refusals from the unlocked read: a seat freed at that instant goes to the
 *   waitlist. Reservations remain the authority: a seat is only ever held under the row lock.
 */
import type { Db } from '../../db/client.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';

type Observation = { seatsLeft: number; seq: number };

type Gate = {
  queue: KeyedQueue<number>;
  seen: Map<number, Observation>;
  seq: number;
  /** Bumped by every release: an observation begun before a release is not published. */
  releases: number;
};

const gates = new WeakMap<Db, Gate>();

function gateOf(db: Db): Gate {
  let gate = gates.get(db);
  if (!gate) {
    gate = { queue: new KeyedQueue(), seen: new Map(), seq: 0, releases: 0 };
    gates.set(db, gate);
  }
  return gate;
}

/** A ticket taken before the unlocked precheck's read. */
export function takeTicket(db: Db): number {
  return ++gateOf(db).seq;
}

/** Run the locked reservation for `classSessionId`: one at a time per session in this process. */
export function inSessionQueue<T>(db: Db, classSessionId: number, job: () => Promise<T>): Promise<T> {
  return gateOf(db).queue.run(classSessionId, job);
}

/**
 * Seats left in the session as observed under the row lock after `ticket` was taken, or null when nothing
 * newer than the ticket is known.
 */
export function seatsSeenSince(db: Db, classSessionId: number, ticket: number): number | null {
  const seen = gateOf(db).seen.get(classSessionId);
  return seen && seen.seq > ticket ? seen.seatsLeft : null;
}

/** Start an observation under the row lock; `publish` it once what it saw is committed (or rolled back). */
export function observeSeats(db: Db, classSessionId: number) {
  const gate = gateOf(db);
  const releases = gate.releases;
  return {
    publish(seatsLeft: number) {
      if (gate.releases !== releases) return;
      gate.seen.set(classSessionId, { seatsLeft, seq: ++gate.seq });
    },
  };
}

/** Seats may have been freed (a hold released, a payment refunded, an offer lapsed): forget what was seen. */
export function seatsMayHaveFreed(db: Db): void {
  const gate = gateOf(db);
  gate.releases++;
  gate.seen.clear();
}
