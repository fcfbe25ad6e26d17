import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

import { describe, expect, it } from 'vitest';

import { csvStream } from './csv';

const COLUMNS = ['name', 'note', 'amount', 'done', 'at'] as const;

/** The bytes as text, byte order mark included (a TextDecoder would drop it). */
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

describe('csvStream', () => {
  it('writes a byte order mark, the header, CRLF rows and RFC 4180 quoting; booleans and instants in words', async () => {
    const out = await text(
      csvStream(COLUMNS, [
        {
          name: 'Café Olé',
          note: 'Great, "really"\nlovely',
          amount: 150,
          done: true,
          at: new Date('2026-06-04T23:00:00Z'),
        },
        { name: 'Plain', note: null, amount: 0, done: false, at: undefined },
      ]),
    );
    expect(out).toBe(
      '\uFEFFname,note,amount,done,at\r\n' +
        'Café Olé,"Great, ""really""\nlovely",150,true,2026-06-04T23:00:00.000Z\r\n' +
        'Plain,,0,false,\r\n',
    );
  });

  it('prefixes a quote to every cell that a spreadsheet would run as a formula; a negative number stays a number', async () => {
    const cells = ['=HYPERLINK("http://evil.test","Click")', '+1 555 0100', '-2+3', '@SUM(A1:A9)', '\t=1+1', '＝1+1'];
    const out = await text(
      csvStream(
        COLUMNS,
        cells.map((name) => ({ name, note: 'x', amount: -5, done: false, at: null })),
      ),
    );
    expect(out.startsWith('\uFEFFname,')).toBe(true);
    expect(out.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://evil.test"",""Click"")",x,-5,false,`,
      "'+1 555 0100,x,-5,false,",
      "'-2+3,x,-5,false,",
      "'@SUM(A1:A9),x,-5,false,",
      "'\t=1+1,x,-5,false,",
      "'＝1+1,x,-5,false,",
    ]);
  });

  it('reads the rows as it writes them, from an async source', async () => {
    async function* many() {
      for (let i = 0; i < 3000; i++) yield { name: `n${i}`, note: '', amount: i, done: false, at: null };
    }
    const lines = (await text(csvStream(COLUMNS, many()))).split('\r\n');
    expect(lines).toHaveLength(3002);
    expect(lines[3000]).toBe('n2999,,2999,false,');
  });

  it('breaks off when the source fails, instead of ending as if complete', async () => {
    async function* failing() {
      yield { name: 'one', note: '', amount: 1, done: false, at: null };
      throw new Error('database went away');
    }
    await expect(text(csvStream(COLUMNS, failing()))).rejects.toThrow('database went away');
  });
});
