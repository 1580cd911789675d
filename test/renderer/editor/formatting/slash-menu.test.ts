import { CompletionContext } from '@codemirror/autocomplete';
import { describe, expect, it } from 'vitest';
import { BLOCK_SNIPPETS } from '../../../../src-renderer/src/editor/formatting/block-snippets';
import { slashCommands } from '../../../../src-renderer/src/editor/formatting/slash-menu';
import { stateOf } from './support';

const menuAt = (text: string) => {
  const state = stateOf(text);
  return slashCommands(new CompletionContext(state, state.selection.main.head, false));
};

describe('the / block menu', () => {
  it('opens on / at the start of a line with every block, the query starting after the slash', () => {
    const result = menuAt('Intro\n/|');
    expect(result?.from).toBe(7);
    expect(result?.options.map((o) => o.label)).toEqual(BLOCK_SNIPPETS.map((s) => s.label));
  });

  it('opens after a space and follows what is typed', () => {
    const result = menuAt('Some text /hin|');
    expect(result?.from).toBe('Some text /'.length);
    expect(result?.options.map((o) => o.label)).toContain('Hint');
  });

  it('finds a block by its keywords when no name matches (/callout finds Hint)', () => {
    const result = menuAt('/callout|');
    const hint = result?.options.find((o) => o.displayLabel === 'Hint');
    expect(hint?.label).toContain('callout');
  });

  it('stays closed inside a word or a path, where a slash is just a slash', () => {
    expect(menuAt('and/or|')).toBeNull();
    expect(menuAt('see docs/setup|')).toBeNull();
  });
});
