import { JournalLines } from './journal-lines.js';

describe('JournalLines', () => {
  it('should hand out the lines added since the last take, as UTF-8', () => {
    const lines = new JournalLines();
    expect(lines.empty).toBe(true);
    lines.add('["s","a"]\n');
    lines.add('["d","é€😀"]\n');
    expect(lines.empty).toBe(false);
    expect(lines.take().toString('utf8')).toBe('["s","a"]\n["d","é€😀"]\n');
    expect(lines.empty).toBe(true);
    expect(lines.take().length).toBe(0);
  });

  it('should leave the bytes of the append under way as they are while the next lines are added', () => {
    const lines = new JournalLines();
    lines.add('first append\n');
    const underWay = lines.take();
    lines.add('second\n');
    expect(underWay.toString()).toBe('first append\n');
    // More than a buffer starts with, so the other one grows meanwhile.
    const next = `${'x'.repeat(40_000)}\n`;
    lines.add(next);
    lines.add('and more\n');
    expect(underWay.toString()).toBe('first append\n');
    // That append ended: the buffer it used takes the lines after the next take.
    expect(lines.take().toString()).toBe(`second\n${next}and more\n`);
    lines.add('third\n');
    expect(lines.take().toString()).toBe('third\n');
  });

  it('should keep lines whole when a buffer grows in the middle of a turn', () => {
    const lines = new JournalLines();
    // A line of two-byte characters right where the first 16 KB end: it must not be cut.
    const ascii = `${'a'.repeat(16 * 1024 - 11)}\n`;
    const wide = `${'ĳ'.repeat(9)}\n`;
    lines.add(ascii);
    lines.add(wide);
    expect(lines.take().toString('utf8')).toBe(ascii + wide);
    const many = Array.from({ length: 5_000 }, (_, i) => `["s","${i}","ĳ"]\n`);
    for (const line of many) lines.add(line);
    expect(lines.take().toString('utf8')).toBe(many.join(''));
    // A burst's big buffer does not stay: the lines after it are still whole.
    lines.add('small\n');
    expect(lines.take().toString()).toBe('small\n');
    lines.add('after\n');
    expect(lines.take().toString()).toBe('after\n');
  });
});
