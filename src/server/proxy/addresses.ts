// Which IP addresses a proxied request may never reach unless their origin is allow-listed:
// loopback, private, link-local (cloud metadata 169.254.169.254), unspecified, multicast,
// carrier-grade NAT, and IPv6 equivalents including IPv4-mapped forms.
import { isIP } from 'node:net';

export function isPrivateAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) return privateV4(ip);
  if (v === 6) return privateV6(ip.toLowerCase());
  return true; // not an address at all: refuse
}

function privateV4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

function privateV6(ip: string): boolean {
  if (ip === '::' || ip === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped?.[1]) return privateV4(mapped[1]);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(ip)) return true; // mapped, hex form
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(ip) || ip.startsWith('64:ff9b:');
}
