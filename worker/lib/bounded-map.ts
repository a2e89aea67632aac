// An isolate's small memories (the verified session tickets, worker/services/session-ticket.ts): a Map that holds at
// most `max` entries, the oldest set dropped first (a Map iterates in the order its keys were first set).

/** Sets `key` in `map`, first dropping the oldest entry when a new key would take the map past `max`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
