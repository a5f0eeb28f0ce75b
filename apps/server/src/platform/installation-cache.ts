import type { Services } from './services';

/**
 * A bounded cache that belongs to one installation (one app's services, one database). Ids and
 * version numbers repeat from one database to another, so a cache kept at module level would hand
 * one database's rules to another app in the same process (two apps in a test run, a tool that opens
 * two databases). The oldest entry goes first when the cache is full.
 */
export class InstallationCache<K, V> {
  private readonly maps = new WeakMap<Services, Map<K, V>>();

  constructor(private readonly size: number) {}

  private mapOf(services: Services): Map<K, V> {
    let map = this.maps.get(services);
    if (!map) {
      map = new Map();
      this.maps.set(services, map);
    }
    return map;
  }

  get(services: Services, key: K): V | undefined {
    return this.mapOf(services).get(key);
  }

  set(services: Services, key: K, value: V): V {
    const map = this.mapOf(services);
    if (!map.has(key) && map.size >= this.size) map.delete(map.keys().next().value as K);
    map.set(key, value);
    return value;
  }
}
