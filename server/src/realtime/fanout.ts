import type { BusMessage, Subscriber } from './bus';

/** The subscribers of this process, by user. */
export class LocalFanout {
  private readonly byUser = new Map<string, Set<Subscriber>>();

  add(userId: string, s: Subscriber) {
    const set = this.byUser.get(userId) ?? new Set<Subscriber>();
    this.byUser.set(userId, set);
    set.add(s);
    return () => {
      set.delete(s);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  emit(m: BusMessage) {
    for (const s of this.byUser.get(m.userId) ?? []) s.onMessage(m);
  }

  resync() {
    for (const set of this.byUser.values()) for (const s of set) s.onResync?.();
  }

  closeAll() {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    this.byUser.clear();
    for (const s of all) s.onClose?.();
  }
}
