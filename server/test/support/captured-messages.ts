import type { OutgoingMessage } from '../../src/delivery/outgoing-message.js';
import type { RunningTestServer } from './test-server.js';

/**
 * Records every message features hand to the sender (delivery still runs as usual), so tests can
 * read the code or link a user would receive without depending on the templates.
 */
export function captureMessages(t: RunningTestServer) {
  const messages: OutgoingMessage[] = [];
  const sender = t.server.identity.sender;
  const deliver = sender.enqueue.bind(sender);
  sender.enqueue = async (message) => {
    messages.push(message);
    await deliver(message);
  };
  // Messages stored inside a feature's transaction (codes, links): recorded when stored.
  const store = sender.enqueueIn.bind(sender);
  sender.enqueueIn = async (db, message) => {
    const ticket = await store(db, message);
    messages.push(message);
    return ticket;
  };
  const lastTo = (to: string) => {
    const found = messages.filter((m) => m.to === to).at(-1);
    if (!found) throw new Error(`no message was sent to ${to}`);
    return found;
  };
  return {
    messages,
    lastTo,
    codeFor: (to: string) => lastTo(to).params.code ?? '',
    linkFor: (to: string) => lastTo(to).params.link ?? '',
  };
}
