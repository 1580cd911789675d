import { type KeyValueStorage, memoryStorage } from './stores/storage';

/** localStorage, or page-lifetime storage where the browser refuses it (some privacy modes throw on access). */
export function browserStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage;
    storage.getItem('folio.probe');
    return storage;
  } catch {
    return memoryStorage();
  }
}
