import { describe, expect, it } from 'vitest';
import { activeFormatsAt } from '../../../../src-renderer/src/editor/formatting/active-formats';
import { stateOf } from './support';

describe('the formats at the cursor', () => {
  it('reads bold, italics and code around the cursor', () => {
    expect(activeFormatsAt(stateOf('a **bo|ld** b'))).toMatchObject({ bold: true, italic: false, code: false });
    expect(activeFormatsAt(stateOf('a _it|al_ b'))).toMatchObject({ bold: false, italic: true });
    expect(activeFormatsAt(stateOf('a `co|de` b'))).toMatchObject({ code: true });
    expect(activeFormatsAt(stateOf('plain te|xt'))).toMatchObject({ bold: false, italic: false, code: false, heading: 0 });
  });

  it('reads the heading level and the kind of list', () => {
    expect(activeFormatsAt(stateOf('## Sec|tion')).heading).toBe(2);
    // The cursor a Heading button leaves at the start of the line is in the heading too.
    expect(activeFormatsAt(stateOf('|## Section')).heading).toBe(2);
    expect(activeFormatsAt(stateOf('* it|em'))).toMatchObject({ bulletedList: true, numberedList: false });
    expect(activeFormatsAt(stateOf('1. it|em'))).toMatchObject({ bulletedList: false, numberedList: true });
    expect(activeFormatsAt(stateOf('* [ ] ta|sk'))).toMatchObject({ taskList: true, bulletedList: false });
  });
});
