import { describe, expect, it } from 'vitest';
import { toggleInlineMark } from '../../../../src-renderer/src/editor/formatting/inline-marks';
import { after, stateOf } from './support';

describe('toggling an inline format', () => {
  it('bolds the selection, keeping the same words selected', () => {
    expect(after(stateOf('Make «this» bold.'), toggleInlineMark(stateOf('Make «this» bold.'), 'bold'))).toBe('Make **«this»** bold.');
  });

  it('bolds the word at the cursor when nothing is selected, and takes the bold off again', () => {
    const state = stateOf('Make th|is bold.');
    const bolded = after(state, toggleInlineMark(state, 'bold'));
    expect(bolded).toBe('Make **th|is** bold.');
    const again = stateOf(bolded);
    expect(after(again, toggleInlineMark(again, 'bold'))).toBe('Make th|is bold.');
  });

  it('removes a format whose markers are selected with the text', () => {
    const state = stateOf('Keep «~~gone~~» here.');
    expect(after(state, toggleInlineMark(state, 'strikethrough'))).toBe('Keep «gone» here.');
  });

  it('writes italics and code as GitBook does, and removes italics typed with a star', () => {
    const word = stateOf('a «word» b');
    expect(after(word, toggleInlineMark(word, 'italic'))).toBe('a _«word»_ b');
    expect(after(word, toggleInlineMark(word, 'code'))).toBe('a `«word»` b');
    const starred = stateOf('a *wo|rd* b');
    expect(after(starred, toggleInlineMark(starred, 'italic'))).toBe('a wo|rd b');
  });

  it('does not take a bold marker for italics', () => {
    const state = stateOf('a **wo|rd** b');
    expect(after(state, toggleInlineMark(state, 'italic'))).toBe('a **_wo|rd_** b');
  });

  it('leaves an empty pair to type into when the cursor is in no word', () => {
    const state = stateOf('Start | end');
    expect(after(state, toggleInlineMark(state, 'bold'))).toBe('Start **|** end');
  });

  it('is one edit typed by the writer (one undo step, saved like typing)', () => {
    const state = stateOf('a «b» c');
    const transaction = state.update(toggleInlineMark(state, 'bold'));
    expect(transaction.isUserEvent('input')).toBe(true);
  });
});
