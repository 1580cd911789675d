import { describe, expect, it } from 'vitest';
import { indentListItems, outdentListItems, setHeading, toggleList, toggleQuote } from '../../../../src-renderer/src/editor/formatting/line-formats';
import { stateOf, textAfter } from './support';

describe('headings', () => {
  it('makes the line a heading of the level asked, changes its level, and makes it a paragraph again', () => {
    const plain = stateOf('Intro\nBefore you |ship\nAfter');
    const h2 = textAfter(plain, setHeading(plain, 2));
    expect(h2).toBe('Intro\n## Before you ship\nAfter');
    const asH2 = stateOf('Intro\n## Before you |ship\nAfter');
    expect(textAfter(asH2, setHeading(asH2, 1))).toBe('Intro\n# Before you ship\nAfter');
    expect(textAfter(asH2, setHeading(asH2, 2))).toBe('Intro\nBefore you ship\nAfter');
    expect(textAfter(asH2, setHeading(asH2, 0))).toBe('Intro\nBefore you ship\nAfter');
  });
});

describe('lists', () => {
  it('turns every selected line into a bulleted item, skipping blank lines, and back', () => {
    const state = stateOf('«One\nTwo\n\nThree»');
    const listed = textAfter(state, toggleList(state, 'bullet'));
    expect(listed).toBe('* One\n* Two\n\n* Three');
    const again = stateOf(`«${listed}»`);
    expect(textAfter(again, toggleList(again, 'bullet'))).toBe('One\nTwo\n\nThree');
  });

  it('numbers the selected lines from 1, and turns a bulleted list into a numbered or task list in place', () => {
    const plain = stateOf('«Mix\nBake»');
    expect(textAfter(plain, toggleList(plain, 'numbered'))).toBe('1. Mix\n2. Bake');
    const bullets = stateOf('«* Mix\n  * Stir\n* Bake»');
    expect(textAfter(bullets, toggleList(bullets, 'numbered'))).toBe('1. Mix\n  2. Stir\n3. Bake');
    expect(textAfter(bullets, toggleList(bullets, 'task'))).toBe('* [ ] Mix\n  * [ ] Stir\n* [ ] Bake');
  });

  it('takes task boxes off with the task list toggle', () => {
    const tasks = stateOf('«* [ ] Mix\n* [x] Bake»');
    expect(textAfter(tasks, toggleList(tasks, 'task'))).toBe('Mix\nBake');
  });

  it('makes an empty line a list item to type into', () => {
    const empty = stateOf('Text\n|');
    expect(textAfter(empty, toggleList(empty, 'bullet'))).toBe('Text\n* ');
  });

  it('nests items under the item above with Tab and brings them back with Shift-Tab', () => {
    const state = stateOf('* One\n* T|wo');
    const nested = textAfter(state, indentListItems(state));
    expect(nested).toBe('* One\n  * Two');
    const numbered = stateOf('1. One\n2. T|wo');
    expect(textAfter(numbered, indentListItems(numbered))).toBe('1. One\n   2. Two');
    const back = stateOf('* One\n  * T|wo');
    expect(textAfter(back, outdentListItems(back))).toBe('* One\n* Two');
  });

  it('leaves Tab alone outside a list', () => {
    const state = stateOf('Just te|xt');
    expect(indentListItems(state)).toBe(false);
    expect(outdentListItems(state)).toBe(false);
  });
});

describe('quotes', () => {
  it('quotes the selected lines and unquotes them', () => {
    const state = stateOf('«Said\nthis»');
    const quoted = textAfter(state, toggleQuote(state));
    expect(quoted).toBe('> Said\n> this');
    const again = stateOf(`«${quoted}»`);
    expect(textAfter(again, toggleQuote(again))).toBe('Said\nthis');
  });
});
