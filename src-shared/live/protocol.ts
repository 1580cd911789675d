import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/**
 * The live channel's frames (docs/live.md): one WebSocket carries many open documents. Every frame starts
 * with the document's id (`body:<treeId>:<pageId>` or `tree:<treeId>`, as /sync/v1 names them; empty for
 * AUTH) and a kind; SYNC carries y-protocols' sync messages and AWARENESS y-protocols' awareness updates,
 * byte for byte, so any Yjs client library can speak it. Shared by the server, the workstation's link to
 * its team server and the renderer in a browser.
 */
export const LIVE_PATH = '/live/v1';

export const FrameKind = {
  /** y-protocols sync: SyncStep1 (a state vector: joins the document), SyncStep2 and Update (Yjs updates). */
  SYNC: 0,
  /** y-protocols awareness update: who is here, their cursor and selection. Never stored. */
  AWARENESS: 1,
  /** Client → server: the API token, first. Server → client: 1 and the user's id, or 0 and why. */
  AUTH: 2,
  /** Client → server: the document is closed here (its presence goes at once). */
  LEAVE: 3,
  /** Server → client: the document could not be joined, or an update was refused (the reason in words). */
  REFUSED: 4,
  /** Server → client: the client's updates to the document so far are committed (their count). */
  ACK: 5,
} as const;
export type FrameKind = (typeof FrameKind)[keyof typeof FrameKind];

/** y-protocols' sync message types (y-protocols/sync: messageYjsSyncStep1, ...Step2, messageYjsUpdate). */
export const SyncType = { STEP1: 0, STEP2: 1, UPDATE: 2 } as const;
export type SyncType = (typeof SyncType)[keyof typeof SyncType];

export type LiveFrame =
  | { docId: string; kind: typeof FrameKind.SYNC; type: SyncType; payload: Uint8Array }
  | { docId: string; kind: typeof FrameKind.AWARENESS; update: Uint8Array }
  | { docId: string; kind: typeof FrameKind.AUTH; token?: string; ok?: boolean; message?: string }
  | { docId: string; kind: typeof FrameKind.LEAVE }
  | { docId: string; kind: typeof FrameKind.REFUSED; message: string }
  | { docId: string; kind: typeof FrameKind.ACK; count: number };

export function encodeFrame(frame: LiveFrame): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, frame.docId);
  encoding.writeVarUint(encoder, frame.kind);
  switch (frame.kind) {
    case FrameKind.SYNC:
      encoding.writeVarUint(encoder, frame.type);
      encoding.writeVarUint8Array(encoder, frame.payload);
      break;
    case FrameKind.AWARENESS:
      encoding.writeVarUint8Array(encoder, frame.update);
      break;
    case FrameKind.AUTH:
      if (frame.token !== undefined) encoding.writeVarString(encoder, frame.token);
      else {
        encoding.writeVarUint(encoder, frame.ok ? 1 : 0);
        encoding.writeVarString(encoder, frame.message ?? '');
      }
      break;
    case FrameKind.REFUSED:
      encoding.writeVarString(encoder, frame.message);
      break;
    case FrameKind.ACK:
      encoding.writeVarUint(encoder, frame.count);
      break;
    case FrameKind.LEAVE:
      break;
  }
  return encoding.toUint8Array(encoder);
}

/** A frame the client sent; throws on anything malformed (the server then closes the socket). */
export function decodeClientFrame(data: Uint8Array): LiveFrame {
  const decoder = decoding.createDecoder(data);
  const docId = decoding.readVarString(decoder);
  const kind = decoding.readVarUint(decoder);
  const frame = readBody(decoder, docId, kind, 'client');
  if (decoding.hasContent(decoder)) throw new Error('trailing bytes after the frame');
  return frame;
}

/** A frame the server sent. */
export function decodeServerFrame(data: Uint8Array): LiveFrame {
  const decoder = decoding.createDecoder(data);
  const docId = decoding.readVarString(decoder);
  const kind = decoding.readVarUint(decoder);
  return readBody(decoder, docId, kind, 'server');
}

function readBody(decoder: decoding.Decoder, docId: string, kind: number, from: 'client' | 'server'): LiveFrame {
  switch (kind) {
    case FrameKind.SYNC: {
      const type = decoding.readVarUint(decoder);
      if (type !== SyncType.STEP1 && type !== SyncType.STEP2 && type !== SyncType.UPDATE) throw new Error(`unknown sync message ${type}`);
      return { docId, kind, type, payload: decoding.readVarUint8Array(decoder) };
    }
    case FrameKind.AWARENESS:
      return { docId, kind, update: decoding.readVarUint8Array(decoder) };
    case FrameKind.AUTH:
      if (from === 'client') return { docId, kind, token: decoding.readVarString(decoder) };
      return { docId, kind, ok: decoding.readVarUint(decoder) === 1, message: decoding.readVarString(decoder) };
    case FrameKind.LEAVE:
      return { docId, kind };
    case FrameKind.REFUSED:
      return { docId, kind, message: decoding.readVarString(decoder) };
    case FrameKind.ACK:
      return { docId, kind, count: decoding.readVarUint(decoder) };
    default:
      throw new Error(`unknown frame kind ${kind}`);
  }
}
