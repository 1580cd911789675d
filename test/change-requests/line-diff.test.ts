import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src-main/change-requests/line-diff';

const show = (before: string, after: string) =>
  lineDiff(before, after).map((line) => (line.type === 'skip' ? `… ${line.count}` : `${line.type === 'equal' ? ' ' : line.type === 'insert' ? '+' : '-'} ${line.text}`));

describe('lineDiff', () => {
  it('answers nothing for equal texts and all insertions for a new one', () => {
    expect(lineDiff('same\n', 'same\n')).toEqual([{ type: 'skip', count: 1 }]);
    expect(show('', 'a\nb\n')).toEqual(['+ a', '+ b']);
    expect(show('a\nb', '')).toEqual(['- a', '- b']);
  });

  it('highlights the words of a rewritten line, but not of a line replaced by another', () => {
    const [deleted, inserted] = lineDiff('The cat sat.', 'The dog sat.');
    expect(deleted).toEqual({
      type: 'delete',
      text: 'The cat sat.',
      spans: [
        { type: 'equal', text: 'The ' },
        { type: 'delete', text: 'cat' },
        { type: 'equal', text: ' sat.' },
      ],
    });
    expect(inserted).toMatchObject({ type: 'insert', spans: [{ text: 'The ' }, { type: 'insert', text: 'dog' }, { text: ' sat.' }] });
    expect(lineDiff('Completely different', 'Nothing alike here')).toEqual([
      { type: 'delete', text: 'Completely different' },
      { type: 'insert', text: 'Nothing alike here' },
    ]);
  });

  it('pairs a block of rewritten lines line by line', () => {
    expect(show('one two\nthree four\nkeep', 'one 2\nthree 4\nkeep')).toEqual(['- one two', '- three four', '+ one 2', '+ three 4', '  keep']);
  });
});
