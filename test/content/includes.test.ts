import { describe, expect, it } from 'vitest';
import { expandIncludes, includedSlug } from '../../src-main/content/includes';

const bodies: Record<string, string> = {
  note: 'A note.\n',
  outer: 'Outer start.\n\n{% include "../.gitbook/includes/note.md" %}\n',
  loop: 'Loop.\n\n{% include ".gitbook/includes/loop.md" %}\n',
};
const lookup = (slug: string) => bodies[slug];

describe('includes', () => {
  it('name their reusable content by the file name, from any folder and in either quotes', () => {
    expect(includedSlug('../../.gitbook/includes/feature-request.md')).toBe('feature-request');
    expect(includedSlug('.gitbook/includes/a.b.md')).toBe('a.b');
    expect(includedSlug('../includes/x.md')).toBeUndefined();
    expect(includedSlug('.gitbook/assets/x.md')).toBeUndefined();
  });

  it('are expanded in place for the PDF, nested ones too, and unknown ones are left out', () => {
    const markdown = 'Top.\n\n{% include \'.gitbook/includes/outer.md\' %}\n\n{% include ".gitbook/includes/unknown.md" %}\n\nEnd.\n';
    expect(expandIncludes(markdown, lookup)).toBe('Top.\n\nOuter start.\n\nA note.\n\n\n\nEnd.\n');
  });

  it('stop at a cycle, and leave an include inside code text alone only when it is not a line of its own', () => {
    expect(expandIncludes('{% include ".gitbook/includes/loop.md" %}\n', lookup)).toBe('Loop.\n');
    expect(expandIncludes('Say `{% include ".gitbook/includes/note.md" %}` here.\n', lookup)).toBe('Say `{% include ".gitbook/includes/note.md" %}` here.\n');
  });
});
