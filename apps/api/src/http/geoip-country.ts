import { readFileSync } from 'node:fs';
import { type CountryResponse, Reader } from 'maxmind';

export type CountryLookup = (ip: string) => string | null;

/**
 * A local GeoIP country database (MaxMind GeoLite2-Country, DB-IP Country Lite or any MMDB with
 * `country.iso_code`), read once into memory: the country of a visitor when no trusted CDN says it.
 */
export function geoipCountryLookup(file: string): CountryLookup {
  let reader: Reader<CountryResponse>;
  try {
    reader = new Reader<CountryResponse>(readFileSync(file));
  } catch (cause) {
    throw new Error(`Invalid configuration:\n  GEOIP_DATABASE: ${file} is not a readable MMDB file`, {
      cause,
    });
  }
  return (ip) => {
    try {
      // A dual-stack socket reports IPv4 visitors as IPv4-mapped IPv6.
      const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
      return reader.get(address)?.country?.iso_code?.toLowerCase() ?? null;
    } catch {
      // Not an address ('unknown' from an in-process request, a malformed forwarded hop).
      return null;
    }
  };
}
