// Reads a ZIP archive (a VSIX) with node:zlib alone: the central directory lists every entry, and
// `readEntry` inflates one. Enough for archives under 4 GB without ZIP64 records, which a VSIX always is.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** Path inside the archive, with forward slashes. */
  name: string;
  compressedSize: number;
  size: number;
  /** 0 = stored, 8 = deflated. */
  method: number;
  localHeaderOffset: number;
}

const endOfCentralDirectory = 0x06054b50;
const centralDirectoryHeader = 0x02014b50;
const localFileHeader = 0x04034b50;

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 64 KiB, so it sits near the end.
  const stop = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= stop; at--) {
    if (zip.readUInt32LE(at) === endOfCentralDirectory) return at;
  }
  throw new Error('not a ZIP archive: no end-of-central-directory record');
}

/** Every entry of the archive, in directory order. Throws on a truncated or malformed directory. */
export function listZipEntries(zip: Buffer): ZipEntry[] {
  const end = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== centralDirectoryHeader) throw new Error(`bad central directory entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of one entry. */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (zip.readUInt32LE(at) !== localFileHeader) throw new Error(`bad local header for ${entry.name}`);
  const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(dataStart, dataStart + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  if (entry.method === 8) return inflateRawSync(data);
  throw new Error(`${entry.name}: unsupported compression method ${entry.method}`);
}
