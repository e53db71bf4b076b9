/**
 * The random values of a run, drawn the way Temporal's TypeScript SDK draws them for the same run id: its core
 * seeds each run with SipHash-1-3 (zero keys) of the original run id, hashed as Rust hashes a str (its UTF-8 bytes,
 * then 0xff); the SDK feeds the seed's eight big-endian bytes to Alea and builds uuid4() from it. So `uuid4()` is
 * the same on every replay of a run on either runtime, and a history exported from an embedded run replays on
 * Temporal with the choices the code made from it (history-replay specs check this).
 */
import { alea } from '@temporalio/workflow/lib/alea';
import { uuid4FromRandom } from '@temporalio/workflow/lib/random-helpers';

const MASK = (1n << 64n) - 1n;
const rotl = (value: bigint, bits: bigint) => ((value << bits) | (value >> (64n - bits))) & MASK;

function sipHash13(bytes: Uint8Array): bigint {
  let v0 = 0x736f6d6570736575n;
  let v1 = 0x646f72616e646f6dn;
  let v2 = 0x6c7967656e657261n;
  let v3 = 0x7465646279746573n;
  const round = () => {
    v0 = (v0 + v1) & MASK;
    v1 = rotl(v1, 13n) ^ v0;
    v0 = rotl(v0, 32n);
    v2 = (v2 + v3) & MASK;
    v3 = rotl(v3, 16n) ^ v2;
    v0 = (v0 + v3) & MASK;
    v3 = rotl(v3, 21n) ^ v0;
    v2 = (v2 + v1) & MASK;
    v1 = rotl(v1, 17n) ^ v2;
    v2 = rotl(v2, 32n);
  };
  const word = (offset: number, length: number) => {
    let value = 0n;
    for (let i = length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[offset + i]!);
    return value;
  };
  const whole = bytes.length - (bytes.length % 8);
  for (let offset = 0; offset < whole; offset += 8) {
    const m = word(offset, 8);
    v3 ^= m;
    round();
    v0 ^= m;
  }
  const last = ((BigInt(bytes.length) & 0xffn) << 56n) | word(whole, bytes.length - whole);
  v3 ^= last;
  round();
  v0 ^= last;
  v2 ^= 0xffn;
  round();
  round();
  round();
  return v0 ^ v1 ^ v2 ^ v3;
}

/** The seed Temporal's core gives a run: SipHash-1-3 of the run id as a Rust str. */
export function temporalRandomnessSeed(runId: string): bigint {
  const text = new TextEncoder().encode(runId);
  const bytes = new Uint8Array(text.length + 1);
  bytes.set(text);
  bytes[text.length] = 0xff;
  return sipHash13(bytes);
}

/** The run's random number generator, as Temporal's SDK builds it from the run's seed. */
export function seededRandom(runId: string): () => number {
  const seed = temporalRandomnessSeed(runId);
  const bytes = Array.from({ length: 8 }, (_, index) => Number((seed >> BigInt(56 - index * 8)) & 0xffn));
  return alea(bytes);
}

/** An RFC 4122 version 4 UUID from the run's generator, as Temporal's uuid4() makes it. */
export function uuid4From(random: () => number): string {
  return uuid4FromRandom(random);
}
