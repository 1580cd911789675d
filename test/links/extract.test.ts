import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src-main/links/extract';

describe('extractLinks', () => {
  it('counts every URL the page’s document references: figures, file blocks and content-refs as well as markdown links', () => {
    const markdown = [
      '[a page](guide.md#setup) and ![inline](../.gitbook/assets/a.png)',
      '<figure><img src="../.gitbook/assets/image (49).png" alt=""><figcaption><p>Cap</p></figcaption></figure>',
      '{% file src="../.gitbook/assets/tools.zip" %}\nTools\n{% endfile %}',
      '{% content-ref url="other.md" %}\n[other.md](other.md)\n{% endcontent-ref %}',
      '[defined]: https://example.com/defined',
    ].join('\n\n');
    expect(extractLinks(markdown)).toEqual([
      { url: 'guide.md#setup', relation: 'reference' },
      { url: '../.gitbook/assets/a.png', relation: 'dependsOn' },
      { url: 'other.md', relation: 'reference' },
      { url: 'https://example.com/defined', relation: 'reference' },
      { url: '../.gitbook/assets/image (49).png', relation: 'dependsOn' },
      { url: '../.gitbook/assets/tools.zip', relation: 'dependsOn' },
    ]);
  });
});
