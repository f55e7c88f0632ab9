import ipaddr from 'ipaddr.js';

/**
 * The client a per-address limit counts: an IPv4 address as it is, and an IPv6 address by its /64
 * network (one household, phone or server gets a whole /64 and may pick a fresh address from it at
 * will). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function limitKeyOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * TRUST_PROXY as Fastify takes it: `false` (nobody, the default), a hop count (`1`: the address the
 * nearest proxy saw), or a comma-separated list of proxy addresses and networks
 * (`127.0.0.1,10.0.0.0/8`) whose X-Forwarded-For is believed.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    const [address, bits] = entry.split('/');
    if (!ipaddr.isValid(address!) || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an address or network; give a hop count or addresses such as 127.0.0.1,10.0.0.0/8`);
    }
  }
  return list;
}
