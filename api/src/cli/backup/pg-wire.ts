import { once } from 'node:events';
import { connect } from 'node:net';

/**
 * Just enough of PostgreSQL's wire protocol to send one simple query and stream the output of the COPY … TO STDOUT
 * statements in it. node-postgres cannot take several COPY outputs from one query; one query is what the backup
 * needs (see database-snapshot.ts).
 */

export interface TMessage {
  type: string;
  body: Buffer;
}

/** Where one COPY's rows go, in PostgreSQL's text format, as they arrive. */
export interface CopySink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

export class DatabaseError extends Error {}

function message(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'ascii');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

export function queryMessage(sql: string): Buffer {
  return message('Q', Buffer.from(`${sql}\0`, 'utf8'));
}

function startupMessage(user: string, database: string): Buffer {
  const body = Buffer.from(`user\0${user}\0database\0${database}\0\0`, 'utf8');
  const out = Buffer.alloc(8 + body.length);
  out.writeInt32BE(8 + body.length, 0);
  out.writeInt32BE(196608, 4); // protocol 3.0
  body.copy(out, 8);
  return out;
}

/** Splits a byte stream into protocol messages, however the chunks fall. */
export async function* messagesOf(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<TMessage> {
  let pending = Buffer.alloc(0);
  for await (const chunk of chunks) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
    let offset = 0;
    while (pending.length - offset >= 5) {
      const length = pending.readInt32BE(offset + 1);
      if (pending.length - offset < 1 + length) break;
      yield {
        type: String.fromCharCode(pending[offset]!),
        body: pending.subarray(offset + 5, offset + 1 + length),
      };
      offset += 1 + length;
    }
    pending = pending.subarray(offset);
  }
  if (pending.length) throw new DatabaseError('The database connection closed in the middle of a message');
}

function errorText(body: Buffer): string {
  const fields: Record<string, string> = {};
  let offset = 0;
  while (offset < body.length && body[offset] !== 0) {
    const end = body.indexOf(0, offset + 1);
    fields[String.fromCharCode(body[offset]!)] = body.toString('utf8', offset + 1, end);
    offset = end + 1;
  }
  return `${fields.M ?? 'database error'}${fields.C ? ` (${fields.C})` : ''}`;
}

/**
 * Reads the answer to one simple query up to ReadyForQuery, sending the n-th COPY's rows to `sinkFor(n)`. Returns
 * each COPY's row count; throws the first error the database reported (after reading the rest of the answer).
 */
export async function readCopies(
  messages: AsyncIterator<TMessage>,
  sinkFor: (index: number) => CopySink,
): Promise<number[]> {
  const rows: number[] = [];
  let sink: CopySink | undefined;
  let error: string | undefined;
  for (;;) {
    const next = await messages.next();
    if (next.done) throw new DatabaseError('The database connection closed before the query finished');
    const { type, body } = next.value;
    if (type === 'H') sink = sinkFor(rows.length);
    else if (type === 'd') await sink?.write(body);
    else if (type === 'c') {
      await sink?.end();
      sink = undefined;
    } else if (type === 'C') {
      const tag = body.toString('utf8', 0, body.length - 1);
      if (tag.startsWith('COPY ')) rows.push(Number(tag.slice(5)));
    } else if (type === 'E') error ??= errorText(body);
    else if (type === 'Z') break;
  }
  if (error) throw new DatabaseError(error);
  return rows;
}

export interface CopyConnection {
  /** Runs `sql` (one message, however many statements) and streams its COPY outputs. */
  run(sql: string, sinkFor: (index: number) => CopySink): Promise<number[]>;
  close(): Promise<void>;
}

/** A connection to a server on a unix socket (the embedded database served by a running MAM server). */
export async function connectUnixSocket(socketPath: string): Promise<CopyConnection> {
  const socket = connect(socketPath);
  await once(socket, 'connect');
  const messages = messagesOf(socket);
  socket.write(startupMessage('postgres', 'postgres'));
  for (;;) {
    const next = await messages.next();
    if (next.done) throw new DatabaseError('The database closed the connection during start-up');
    const { type, body } = next.value;
    if (type === 'R' && body.readInt32BE(0) !== 0) throw new DatabaseError('The database asks for a password');
    if (type === 'E') throw new DatabaseError(errorText(body));
    if (type === 'Z') break;
  }
  return {
    async run(sql, sinkFor) {
      socket.write(queryMessage(sql));
      return readCopies(messages, sinkFor);
    },
    async close() {
      socket.end(message('X', Buffer.alloc(0)));
      await messages.return(undefined);
      socket.destroy();
    },
  };
}

/** Something that runs a raw protocol message and hands back its answer in chunks (PGlite in this process). */
export interface RawProtocolDatabase {
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void>;
}

/** The same over an embedded database this process owns. */
export function inProcessConnection(db: RawProtocolDatabase): CopyConnection {
  return {
    async run(sql, sinkFor) {
      const chunks: Buffer[] = [];
      await db.runExclusive(() =>
        db.execProtocolRawStream(queryMessage(sql), { onRawData: (data) => chunks.push(Buffer.from(data)) }),
      );
      return readCopies(messagesOf(chunks), sinkFor);
    },
    close: async () => undefined,
  };
}

/** Collects one COPY's text rows in memory (small outputs: the catalogue, sequences, migrations). */
export function rowsSink(into: string[][]): CopySink {
  let text = '';
  return {
    write: (chunk) => {
      text += chunk.toString('utf8');
    },
    end: () => {
      for (const line of text.split('\n')) {
        if (line) into.push(line.split('\t').map((field) => (field === '\\N' ? '' : field)));
      }
    },
  };
}
