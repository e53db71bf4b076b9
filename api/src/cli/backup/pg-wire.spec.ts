import { messagesOf, queryMessage, readCopies, rowsSink } from './pg-wire';

const msg = (type: string, body: string | Buffer) => {
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  const out = Buffer.alloc(5 + data.length);
  out.write(type, 0);
  out.writeInt32BE(4 + data.length, 1);
  data.copy(out, 5);
  return out;
};

const answer = Buffer.concat([
  msg('H', Buffer.from([0, 0, 2, 0, 0, 0, 0])),
  msg('d', '1\tone\n'),
  msg('d', '2\t\\N\n'),
  msg('c', ''),
  msg('C', 'COPY 2\0'),
  msg('N', 'SWARNING\0Mnothing\0\0'),
  msg('H', Buffer.from([0, 0, 1, 0, 0])),
  msg('d', 'x\n'),
  msg('c', ''),
  msg('C', 'COPY 1\0'),
  msg('Z', 'I'),
]);

describe('PostgreSQL wire protocol for COPY output', () => {
  it('frames a simple query', () => {
    expect(queryMessage('SELECT 1')).toEqual(
      Buffer.concat([Buffer.from('Q'), Buffer.from([0, 0, 0, 13]), Buffer.from('SELECT 1\0')]),
    );
  });

  it.each([1, 3, 7, answer.length])(
    'hands each COPY its rows however the bytes are split (%i-byte chunks)',
    async (size) => {
      const chunks: Buffer[] = [];
      for (let i = 0; i < answer.length; i += size) chunks.push(answer.subarray(i, i + size));
      const outputs: string[][][] = [[], []];
      const rows = await readCopies(messagesOf(chunks), (index) => rowsSink(outputs[index]!));
      expect(rows).toEqual([2, 1]);
      expect(outputs).toEqual([
        [
          ['1', 'one'],
          ['2', ''],
        ],
        [['x']],
      ]);
    },
  );

  it('throws the database error after reading the whole answer', async () => {
    const failing = Buffer.concat([msg('E', 'SERROR\0C42P01\0Mrelation "gone" does not exist\0\0'), msg('Z', 'I')]);
    const messages = messagesOf([failing]);
    await expect(readCopies(messages, () => rowsSink([]))).rejects.toThrow('relation "gone" does not exist (42P01)');
    expect((await messages.next()).done).toBe(true);
  });

  it('reports a connection closed in the middle of a message or of an answer', async () => {
    await expect(readCopies(messagesOf([answer.subarray(0, 20)]), () => rowsSink([]))).rejects.toThrow(
      'in the middle of a message',
    );
    await expect(readCopies(messagesOf([answer.subarray(0, 26)]), () => rowsSink([]))).rejects.toThrow();
  });
});
