import net, { type Socket } from 'node:net';
import type { Server } from 'node:http';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** Long enough for a turn of an event loop to poll its listening socket again. */
const QUIET_MS = 20;

interface Connection {
  /** Requests read and not yet answered. */
  requests: number;
  /** When it last answered, or was opened (performance.now()). */
  idleSince: number;
  /** socket.bytesRead then: a change is a request on its way. */
  bytesRead: number;
}

/**
 * Stops `server` accepting connections once those already waiting in its listening socket's queue are taken in (closing
 * it would reset them), at most `maxMs` later. `accepted` counts the connections it took in so far.
 */
export async function stopAccepting(server: net.Server, accepted: () => number, maxMs: number): Promise<void> {
  // The event loop takes in the waiting connections once a turn (libuv polls the listening socket once a turn, and a
  // turn serves every connection that has a request: it can last a while). Until QUIET_MS brought none, twice in a
  // row; each wait ends with a poll for I/O.
  const end = performance.now() + maxMs;
  for (let quiet = 0; quiet < 2 && performance.now() < end;) {
    const seen = accepted();
    await sleep(QUIET_MS);
    await nextTurn();
    quiet = accepted() === seen ? quiet + 1 : 0;
  }
  // net.Server's close stops listening only; http.Server's would also cut idle keep-alive connections now.
  net.Server.prototype.close.call(server);
}

export interface Drain {
  /** Stops accepting connections, once those already waiting are taken in (`stopAccepting`). */
  stopListening(maxMs: number): Promise<void>;
  /**
   * Resolves once no connection is left. Each ends right after its next answer (the caller makes that answer say
   * `Connection: close`); one that carries no request for `idleMs` is closed.
   */
  drained(idleMs: number): Promise<void>;
}

/**
 * Follows the server's connections from the start, so that a shutdown closes each at a moment no request can be on
 * its way on it: closing a keep-alive connection the client has just sent a request on resets that request (the
 * client cannot tell whether it was carried out), and closing a listening socket resets the connections still waiting
 * in its queue, requests sent on them included.
 */
export function followConnections(server: Server): Drain {
  const open = new Map<Socket, Connection>();
  let accepted = 0;
  let onClose: (() => void) | undefined;
  server.on('connection', (socket: Socket) => {
    accepted++;
    open.set(socket, { requests: 0, idleSince: performance.now(), bytesRead: 0 });
    socket.once('close', () => {
      open.delete(socket);
      onClose?.();
    });
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    const c = open.get(socket);
    if (!c) return;
    c.requests++;
    response.once('close', () => {
      c.requests--;
      c.idleSince = performance.now();
      c.bytesRead = socket.bytesRead;
    });
  });
  return {
    stopListening: (maxMs) => stopAccepting(server, () => accepted, maxMs),
    drained(idleMs) {
      return new Promise((resolve) => {
        const sweep = () => {
          const now = performance.now();
          for (const [socket, c] of open) {
            if (socket.bytesRead !== c.bytesRead) {
              c.bytesRead = socket.bytesRead;
              c.idleSince = now;
            } else if (c.requests === 0 && now - c.idleSince >= idleMs) socket.destroy();
          }
        };
        // From a timer, then after the next poll for I/O (setImmediate): a request that reached this process while it
        // was busy has been read by then, and its connection is not idle.
        const timer = setInterval(() => setImmediate(sweep), Math.min(100, idleMs));
        onClose = () => {
          if (open.size) return;
          clearInterval(timer);
          onClose = undefined;
          resolve();
        };
        onClose();
      });
    },
  };
}
