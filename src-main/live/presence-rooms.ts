import type { Awareness } from 'y-protocols/awareness';
import { newRoomAwareness } from './presence';

interface Room {
  awareness: Awareness;
  holders: number;
}

/**
 * Who has each document open, in memory only (docs/live.md): one y-protocols Awareness per open document,
 * shared by everything that speaks for people here: the live channel's connections (the editor in a
 * browser or in the desktop window) and, on a workstation, the link to the team server, which relays it
 * both ways. A room lives while anything holds it. Presence never reaches a stored document.
 */
export class PresenceRooms {
  private readonly rooms = new Map<string, Room>();

  /** The room of a document, held until `release`. */
  hold(docId: string): Awareness {
    let room = this.rooms.get(docId);
    if (!room) {
      room = { awareness: newRoomAwareness(), holders: 0 };
      this.rooms.set(docId, room);
    }
    room.holders += 1;
    return room.awareness;
  }

  release(docId: string): void {
    const room = this.rooms.get(docId);
    if (!room) return;
    room.holders -= 1;
    if (room.holders > 0) return;
    room.awareness.destroy();
    this.rooms.delete(docId);
  }

  /** How many documents have someone present (benchmarks and tests). */
  size(): number {
    return this.rooms.size;
  }

  close(): void {
    for (const room of this.rooms.values()) room.awareness.destroy();
    this.rooms.clear();
  }
}
