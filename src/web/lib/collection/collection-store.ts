import { createStore as createIdbStore, get, set } from 'idb-keyval';
import { createStore, useStore } from '../external-store';
import { type CollectionDraft, type CollectionItem, newItemId } from './collection-item';

/**
 * The collection, kept in this browser's IndexedDB only (a database of its own, apart from the
 * query cache): never sent anywhere. `loaded` is false until IndexedDB has answered.
 */
export interface CollectionState {
  loaded: boolean;
  items: CollectionItem[];
  /** Why IndexedDB could not be read or written, shown by the page. */
  problem: string | null;
}

const idb = () => createIdbStore('slab-collection', 'items');
const KEY = 'collection';
let database: ReturnType<typeof idb> | null = null;
const db = () => {
  database ??= idb();
  return database;
};

export const collectionStore = createStore<CollectionState>({ loaded: false, items: [], problem: null });

let loading: Promise<void> | null = null;

/** Reads the saved collection once per page life. */
export function loadCollection(): Promise<void> {
  loading ??= get<CollectionItem[]>(KEY, db())
    .then((items) =>
      collectionStore.set({ loaded: true, items: Array.isArray(items) ? items : [], problem: null }),
    )
    .catch((error: unknown) =>
      collectionStore.set({
        loaded: true,
        items: [],
        problem: `This browser's storage could not be read: ${String(error)}`,
      }),
    );
  return loading;
}

async function save(next: CollectionItem[]): Promise<void> {
  collectionStore.set((state) => ({ ...state, items: next }));
  try {
    await set(KEY, next, db());
  } catch (error) {
    collectionStore.set((state) => ({
      ...state,
      problem: `This browser's storage could not be written: ${String(error)}`,
    }));
  }
}

const items = () => collectionStore.get().items;

/**
 * Adds drafts. With `merge` (adding by hand), a draft equal to a line already there but for its
 * quantity adds to that line's quantity; an import keeps its rows as they are (so it round-trips).
 */
export function addItems(drafts: readonly CollectionDraft[], { merge = true } = {}): Promise<void> {
  const next = [...items()];
  for (const draft of drafts) {
    if (!merge) {
      next.push({ id: newItemId(), ...draft });
      continue;
    }
    const same = next.findIndex(
      (item) =>
        item.title === draft.title &&
        item.grade === draft.grade &&
        item.cost === draft.cost &&
        item.acquired === draft.acquired &&
        item.note === draft.note,
    );
    const existing = same >= 0 ? next[same] : undefined;
    if (existing !== undefined) next[same] = { ...existing, quantity: existing.quantity + draft.quantity };
    else next.push({ id: newItemId(), ...draft });
  }
  return save(next);
}

export const updateItem = (id: string, draft: CollectionDraft): Promise<void> =>
  save(items().map((item) => (item.id === id ? { id, ...draft } : item)));

export const removeItem = (id: string): Promise<void> => save(items().filter((item) => item.id !== id));

export function useCollection(): CollectionState {
  return useStore(collectionStore);
}

/** Replaces the whole collection (an import that says so). */
export const replaceItems = (drafts: readonly CollectionDraft[]): Promise<void> =>
  save(drafts.map((draft) => ({ id: newItemId(), ...draft })));
