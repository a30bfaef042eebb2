import { writeFileSync } from 'node:fs';

/**
 * Writes the smallest MaxMind DB (IPv4 tree, 24-bit records) that maps one /8 network to a country: the
 * test stands in for a GeoLite2-Country file, which cannot be downloaded here.
 */
export function writeCountryMmdb(file: string, firstOctet: number, isoCode: string) {
  const str = (s: string) => Buffer.concat([Buffer.from([(2 << 5) | s.length]), Buffer.from(s)]);
  const map = (entries: [string, Buffer][]) =>
    Buffer.concat([Buffer.from([(7 << 5) | entries.length]), ...entries.flatMap(([k, v]) => [str(k), v])]);
  const uint = (type: 5 | 6, value: number, bytes: number) => {
    const b = Buffer.alloc(bytes);
    b.writeUIntBE(value, 0, bytes);
    return Buffer.concat([Buffer.from([(type << 5) | bytes]), b]);
  };
  const uint64 = (value: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(value));
    return Buffer.concat([Buffer.from([8, 9 - 7]), b]);
  };
  const emptyArray = Buffer.from([0, 11 - 7]);

  const nodeCount = 8;
  const tree = Buffer.alloc(nodeCount * 6);
  const record = (node: number, bit: number, value: number) => tree.writeUIntBE(value, node * 6 + bit * 3, 3);
  for (let depth = 0; depth < 8; depth++) {
    const bit = (firstOctet >> (7 - depth)) & 1;
    record(depth, bit, depth === 7 ? nodeCount + 16 : depth + 1);
    record(depth, 1 - bit, nodeCount);
  }
  const data = map([['country', map([['iso_code', str(isoCode)]])]]);
  const metadata = map([
    ['node_count', uint(6, nodeCount, 4)],
    ['record_size', uint(5, 24, 2)],
    ['ip_version', uint(5, 4, 2)],
    ['database_type', str('Test-Country')],
    ['languages', emptyArray],
    ['binary_format_major_version', uint(5, 2, 2)],
    ['binary_format_minor_version', uint(5, 0, 2)],
    ['build_epoch', uint64(1_700_000_000)],
    ['description', map([])],
  ]);
  const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
  writeFileSync(file, Buffer.concat([tree, Buffer.alloc(16), data, marker, metadata]));
}
