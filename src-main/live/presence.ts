import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';

/** At most this many bytes of JSON per presence state (a name, a colour, a cursor and a selection). */
const MAX_PRESENCE_STATE_BYTES = 4 * 1024;

interface PresenceEntry {
  clientId: number;
  clock: number;
  /** The state's JSON as sent ('null' when the client left). */
  json: string;
}

/**
 * The entries of a y-protocols awareness update (varUint count, then clientID, clock and JSON each), so
 * the channel can check whose they are before any reaches a room. Throws on malformed bytes.
 */
export function readPresenceEntries(update: Uint8Array): PresenceEntry[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  if (count > 64) throw new Error('too many presence states in one update');
  const entries: PresenceEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const json = decoding.readVarString(decoder);
    if (json.length > MAX_PRESENCE_STATE_BYTES) throw new Error('presence state too large');
    JSON.parse(json);
    entries.push({ clientId, clock, json });
  }
  if (decoding.hasContent(decoder)) throw new Error('trailing bytes after the presence update');
  return entries;
}

/**
 * Who has one document open, for the channel: a y-protocols Awareness the server holds no state in. It lives
 * in memory only: presence never reaches a stored document (docs/live.md).
 */
export function newRoomAwareness(): Awareness {
  const awareness = new Awareness(new Y.Doc({ gc: true }));
  awareness.setLocalState(null);
  return awareness;
}

/** The update that tells a newcomer everyone already present. */
export function everyonePresent(awareness: Awareness): Uint8Array | undefined {
  const clients = [...awareness.getStates().keys()];
  return clients.length > 0 ? encodeAwarenessUpdate(awareness, clients) : undefined;
}
