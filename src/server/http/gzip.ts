import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

/**
 * Gzip for the API and the dashboard (docs/api.md, "Compression").
 *
 * - Whole documents that do not change between calls (`/v1`, `/v1/openapi.json`, dashboard files)
 *   are compressed once and kept.
 * - A keyed answer is `{"meta":<per call>,"data":<cached>}`: only the few bytes of `meta` change
 *   from call to call. So the cached part is deflated once (`GzipTail`) and each call wraps it as
 *   one gzip member: the header, the per-call head as a stored (uncompressed) deflate block, the
 *   cached deflate blocks (the last of which is final), then the CRC-32 and length of the whole
 *   text. The CRC-32 of the whole is combined from the head's and the tail's, as zlib's
 *   `crc32_combine` does, so a call never reads the cached bytes again. A stored block and the
 *   tail's blocks can follow one another: deflate blocks are independent, a stored block ends on a
 *   byte boundary, and the tail's back-references never reach before its own start.
 */

/** Bodies shorter than this are sent as they are: gzip's own ~25 bytes and the CPU are not worth it. */
export const GZIP_MIN_BYTES = 1024;

/** A whole body, gzipped once. */
export const gzipWhole = (body: string | Uint8Array): Buffer =>
  gzipSync(body, { level: constants.Z_BEST_COMPRESSION });

/** The cached end of a keyed answer, deflated once, with what a call needs to finish the member. */
export interface GzipTail {
  /** Raw deflate blocks of the tail; the last one is final. */
  readonly deflated: Buffer;
  /** CRC-32 of the tail's bytes. */
  readonly crc: number;
  /** The tail's length in bytes. */
  readonly bytes: number;
  /** x^(8·bytes) mod the CRC polynomial: what shifts a CRC over the tail's length (crc32_combine). */
  readonly shift: number;
}

export function gzipTail(tail: string): GzipTail {
  const bytes = Buffer.from(tail, 'utf8');
  return {
    // zlib's default level: level 9 costs about three times the CPU for a few per cent fewer bytes.
    deflated: deflateRawSync(bytes, { level: constants.Z_DEFAULT_COMPRESSION }),
    crc: crc32(bytes),
    bytes: bytes.length,
    shift: x2nmodp(bytes.length, 3),
  };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Gzip header (10) + stored block header (5) + trailer (8). */
const FRAME_BYTES = 23;

/**
 * One gzip member of `head` (ASCII, at most 65,535 characters) followed by the cached tail: what
 * gunzip reads as `head + tail`.
 */
export function gzipWithHead(head: string, tail: GzipTail): Buffer {
  const headBytes = head.length;
  if (headBytes > 0xffff)
    throw new RangeError('the head of a gzipped answer is too long for one stored block');
  const out = Buffer.allocUnsafe(FRAME_BYTES + headBytes + tail.deflated.length);
  GZIP_HEADER.copy(out, 0);
  // Stored block, not final: BFINAL=0, BTYPE=00, then LEN and its one's complement (little-endian).
  out[10] = 0;
  out.writeUInt16LE(headBytes, 11);
  out.writeUInt16LE(~headBytes & 0xffff, 13);
  out.write(head, 15, 'latin1');
  let at = 15 + headBytes;
  tail.deflated.copy(out, at);
  at += tail.deflated.length;
  const crc = (multmodp(tail.shift, crc32(head)) ^ tail.crc) >>> 0;
  out.writeUInt32LE(crc, at);
  out.writeUInt32LE((headBytes + tail.bytes) >>> 0, at + 4);
  return out;
}

// ---- CRC-32 arithmetic modulo its polynomial (as zlib's crc32.c: multmodp, x2nmodp) -------------

const POLY = 0xedb88320;

/** a·b modulo the polynomial, in CRC-32's reflected bit order. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  while (m !== 0) {
    if ((a & m) !== 0) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0..31. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let n = 1; n < 32; n++) {
    p = multmodp(p, p);
    table.push(p);
  }
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest & 1) p = multmodp(X2N[bit & 31] as number, p);
    rest = Math.floor(rest / 2);
    bit++;
  }
  return p;
}

/** CRC-32 of a + b from CRC-32(a), CRC-32(b) and b's length (zlib's crc32_combine); for tests. */
export const crc32Combine = (crcA: number, crcB: number, bytesB: number): number =>
  (multmodp(x2nmodp(bytesB, 3), crcA) ^ crcB) >>> 0;
