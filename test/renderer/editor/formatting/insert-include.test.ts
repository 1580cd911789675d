import { describe, expect, it } from 'vitest';
import { insertBlockLine } from '../../../../src-renderer/src/editor/formatting/insert-include';
import { after, stateOf } from './support';

const LINE = '{% include ".gitbook/includes/setup.md" %}';

describe('inserting an include line', () => {
  it('gives it a block of its own after text on the cursor line, with an empty line after it at the end of the page', () => {
    const state = stateOf('First check the status.|');
    expect(after(state, insertBlockLine(state, LINE))).toBe(`First check the status.\n\n${LINE}\n\n|`);
  });

  it('splits a paragraph at the cursor', () => {
    const state = stateOf('Before |after.');
    expect(after(state, insertBlockLine(state, LINE))).toBe(`Before \n\n${LINE}\n\n|after.`);
  });

  it('takes an empty line between paragraphs as it is, leaving the cursor on the next line', () => {
    const state = stateOf('Above.\n\n|\n\nBelow.');
    expect(after(state, insertBlockLine(state, LINE))).toBe(`Above.\n\n${LINE}\n|\nBelow.`);
  });

  it('replaces a selection', () => {
    const state = stateOf('Keep «this» here.');
    expect(after(state, insertBlockLine(state, LINE))).toBe(`Keep \n\n${LINE}\n\n| here.`);
  });
});
